//! Match statistics: the Elo difference of two engines with its 95% interval from game pairs
//! (the pentanomial model: each pair of games from one opening, colours swapped, scores 0, ½, 1,
//! 1½ or 2), and the sequential probability ratio test that stops a match once it is clear.
//!
//! Pairs rather than games: the two games of a pair share an opening, so their results are
//! correlated, and counting them as independent games would understate the error.

/// Elo difference for an expected score `score` (0 < score < 1) under the logistic model.
pub fn elo_of_score(score: f64) -> f64 {
    let s = score.clamp(1e-9, 1.0 - 1e-9);
    // `+ 0.0` turns the −0 of an even score into 0 (printed "+0.0", not "-0.0").
    -400.0 * (1.0 / s - 1.0).log10() + 0.0
}

/// Expected score for an Elo difference under the logistic model.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The pentanomial counts of a match: `counts[k]` pairs in which engine A scored `k` half
/// points (0 to 4, so 0, ½, 1, 1½, 2 points out of 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs by A's score in half points.
    pub counts: [u64; 5],
}

/// An Elo estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// A's mean score per game (0 to 1).
    pub score: f64,
    /// Elo difference, A minus B.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
    /// Likelihood that A is stronger (normal approximation).
    pub los: f64,
}

impl Pentanomial {
    /// Adds a pair in which A scored `half_points` (0 to 4).
    pub fn add(&mut self, half_points: usize) {
        self.counts[half_points.min(4)] += 1;
    }

    /// The number of pairs.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Mean and variance of A's score per pair, as a share of the pair's two points.
    fn mean_var(&self) -> Option<(f64, f64)> {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return None;
        }
        let mean: f64 = (0..5)
            .map(|k| self.counts[k] as f64 * k as f64 / 4.0)
            .sum::<f64>()
            / n;
        let var: f64 = (0..5)
            .map(|k| self.counts[k] as f64 * (k as f64 / 4.0 - mean).powi(2))
            .sum::<f64>()
            / n;
        Some((mean, var))
    }

    /// The Elo difference with its 95% interval; `None` before the first pair.
    pub fn elo(&self) -> Option<EloEstimate> {
        let (mean, var) = self.mean_var()?;
        let n = self.pairs() as f64;
        let se = (var / n).sqrt();
        let z = 1.959_964;
        let los = if se > 0.0 {
            0.5 * (1.0 + erf((mean - 0.5) / (se * std::f64::consts::SQRT_2)))
        } else if mean > 0.5 {
            1.0
        } else if mean < 0.5 {
            0.0
        } else {
            0.5
        };
        Some(EloEstimate {
            score: mean,
            elo: elo_of_score(mean),
            low: elo_of_score(mean - z * se),
            high: elo_of_score(mean + z * se),
            los,
        })
    }
}

/// A sequential probability ratio test of H0 "A is `elo0` stronger" against H1 "A is `elo1`
/// stronger", with error rates `alpha` and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a sequential test stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SprtState {
    /// Not decided: the log-likelihood ratio lies between the bounds.
    Continue,
    /// H1 accepted (A gains at least about `elo1`).
    AcceptH1,
    /// H0 accepted (A gains at most about `elo0`).
    AcceptH0,
}

impl Sprt {
    /// The bounds (lower, upper) of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the pairs so far: the generalised SPRT's normal
    /// approximation on the pentanomial counts (as Fishtest computes it for logistic Elo).
    pub fn llr(&self, p: &Pentanomial) -> f64 {
        let Some((mean, var)) = p.mean_var() else {
            return 0.0;
        };
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        p.pairs() as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// The decision after the pairs so far.
    pub fn state(&self, p: &Pentanomial) -> SprtState {
        let llr = self.llr(p);
        let (low, high) = self.bounds();
        if llr >= high {
            SprtState::AcceptH1
        } else if llr <= low {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

/// The error function (Abramowitz and Stegun 7.1.26, absolute error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    if x >= 0.0 {
        y
    } else {
        -y
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-400.0, -100.0, 0.0, 35.0, 200.0] {
            assert!((elo_of_score(score_of_elo(elo)) - elo).abs() < 1e-9);
        }
        // An even score is +0, not −0 (which prints as "-0.0").
        assert!(elo_of_score(0.5) == 0.0 && elo_of_score(0.5).is_sign_positive());
        // 64% is about +100 Elo; 76% about +200.
        assert!((elo_of_score(0.64) - 99.9).abs() < 0.5);
        assert!((elo_of_score(0.76) - 200.3).abs() < 0.5);
    }

    #[test]
    fn pentanomial_interval_is_centred_and_shrinks_with_pairs() {
        let mut p = Pentanomial::default();
        assert!(p.elo().is_none());
        // 10 pairs: 2 won both, 5 split, 3 a win and a draw: mean (2*4 + 5*2 + 3*3)/4/10.
        p.counts = [0, 0, 5, 3, 2];
        let e = p.elo().unwrap();
        assert!((e.score - 0.675).abs() < 1e-12);
        assert!(e.low < e.elo && e.elo < e.high);
        assert!(e.los > 0.99);
        let mut q = p;
        q.counts.iter_mut().for_each(|c| *c *= 10);
        let f = q.elo().unwrap();
        assert!((f.elo - e.elo).abs() < 1e-9);
        assert!(f.high - f.low < (e.high - e.low) / 2.0);
        // All pairs split: 0 Elo, no spread.
        let even = Pentanomial {
            counts: [0, 0, 7, 0, 0],
        };
        let z = even.elo().unwrap();
        assert_eq!((z.elo, z.low, z.high, z.los), (0.0, 0.0, 0.0, 0.5));
    }

    #[test]
    fn sprt_accepts_a_clear_gain_and_rejects_none() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 50.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (low, high) = sprt.bounds();
        assert!((high - 2.944).abs() < 1e-3 && (low + 2.944).abs() < 1e-3);
        let strong = Pentanomial {
            counts: [1, 2, 10, 12, 10],
        };
        assert_eq!(sprt.state(&strong), SprtState::AcceptH1);
        let equal = Pentanomial {
            counts: [12, 20, 40, 20, 12],
        };
        assert_eq!(sprt.state(&equal), SprtState::AcceptH0);
        let few = Pentanomial {
            counts: [0, 1, 1, 1, 0],
        };
        assert_eq!(sprt.state(&few), SprtState::Continue);
    }
}
