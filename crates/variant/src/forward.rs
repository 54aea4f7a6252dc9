//! [`forward_variant!`](crate::forward_variant): the `Variant` methods a wrapper passes on
//! unchanged to the variant it wraps (usually its [`Engine`](crate::engine::Engine)).

/// Writes, inside an `impl Variant for ...` block, the listed methods as calls of the same method
/// on a field that holds another [`Variant`](crate::Variant) with the same position and move
/// types. A wrapper writes by hand only what is its own.
///
/// ```ignore
/// impl Variant for Orthodox {
///     type Position = Position<1>;
///     type Move = Move;
///     type EvalState = (); // or the wrapped engine's, forwarding eval_state and next_eval_state
///     spacechess_variant::forward_variant!(engine => name, description, start, legal_moves, play);
///     fn position_text(&self, pos: &Position<1>) -> String { fen::write(&self.engine, pos) }
///     // ...
/// }
/// ```
#[macro_export]
macro_rules! forward_variant {
    ($field:ident => $($method:ident),* $(,)?) => {
        $( $crate::forward_variant!(@one $field $method); )*
    };
    (@one $f:ident name) => {
        fn name(&self) -> &str { $crate::Variant::name(&self.$f) }
    };
    (@one $f:ident description) => {
        fn description(&self) -> &str { $crate::Variant::description(&self.$f) }
    };
    (@one $f:ident options_ron) => {
        fn options_ron(&self) -> String { $crate::Variant::options_ron(&self.$f) }
    };
    (@one $f:ident players) => {
        fn players(&self) -> &$crate::Players { $crate::Variant::players(&self.$f) }
    };
    (@one $f:ident start) => {
        fn start(&self) -> Self::Position { $crate::Variant::start(&self.$f) }
    };
    (@one $f:ident to_move) => {
        fn to_move(&self, pos: &Self::Position) -> $crate::Player {
            $crate::Variant::to_move(&self.$f, pos)
        }
    };
    (@one $f:ident legal_moves) => {
        fn legal_moves(&self, pos: &Self::Position, out: &mut Vec<Self::Move>) {
            $crate::Variant::legal_moves(&self.$f, pos, out)
        }
    };
    (@one $f:ident count_legal_moves) => {
        fn count_legal_moves(&self, pos: &Self::Position, scratch: &mut Vec<Self::Move>) -> usize {
            $crate::Variant::count_legal_moves(&self.$f, pos, scratch)
        }
    };
    (@one $f:ident play) => {
        fn play(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position {
            $crate::Variant::play(&self.$f, pos, mv)
        }
    };
    (@one $f:ident outcome) => {
        fn outcome(&self, pos: &Self::Position) -> Option<$crate::Outcome> {
            $crate::Variant::outcome(&self.$f, pos)
        }
    };
    (@one $f:ident in_check) => {
        fn in_check(&self, pos: &Self::Position) -> bool { $crate::Variant::in_check(&self.$f, pos) }
    };
    (@one $f:ident move_text) => {
        fn move_text(&self, pos: &Self::Position, mv: &Self::Move) -> String {
            $crate::Variant::move_text(&self.$f, pos, mv)
        }
    };
    (@one $f:ident parse_move) => {
        fn parse_move(&self, pos: &Self::Position, text: &str) -> Result<Self::Move, $crate::MoveError> {
            $crate::Variant::parse_move(&self.$f, pos, text)
        }
    };
    (@one $f:ident position_text) => {
        fn position_text(&self, pos: &Self::Position) -> String {
            $crate::Variant::position_text(&self.$f, pos)
        }
    };
    (@one $f:ident parse_position) => {
        fn parse_position(&self, text: &str) -> Result<Self::Position, $crate::PositionError> {
            $crate::Variant::parse_position(&self.$f, text)
        }
    };
    (@one $f:ident draw) => {
        fn draw(&self, pos: &Self::Position) -> String { $crate::Variant::draw(&self.$f, pos) }
    };
    (@one $f:ident draw_marked) => {
        fn draw_marked(&self, pos: &Self::Position, marks: &[($crate::Cell, char)]) -> String {
            $crate::Variant::draw_marked(&self.$f, pos, marks)
        }
    };
    (@one $f:ident piece_names) => {
        fn piece_names(&self) -> Vec<(char, String)> { $crate::Variant::piece_names(&self.$f) }
    };
    (@one $f:ident move_info) => {
        fn move_info(&self, pos: &Self::Position, mv: &Self::Move) -> $crate::MoveInfo {
            $crate::Variant::move_info(&self.$f, pos, mv)
        }
    };
    (@one $f:ident men) => {
        fn men(&self, pos: &Self::Position) -> Vec<$crate::Man> { $crate::Variant::men(&self.$f, pos) }
    };
    (@one $f:ident board) => {
        fn board(&self) -> $crate::BoardModel { $crate::Variant::board(&self.$f) }
    };
    (@one $f:ident repetition_key) => {
        fn repetition_key(&self, pos: &Self::Position) -> u64 {
            $crate::Variant::repetition_key(&self.$f, pos)
        }
    };
    (@one $f:ident repetition_outcome) => {
        fn repetition_outcome(&self, cycle: &[Self::Position]) -> Option<$crate::Outcome> {
            $crate::Variant::repetition_outcome(&self.$f, cycle)
        }
    };
    (@one $f:ident halfmove_clock) => {
        fn halfmove_clock(&self, pos: &Self::Position) -> Option<u32> {
            $crate::Variant::halfmove_clock(&self.$f, pos)
        }
    };
    (@one $f:ident draw_rules) => {
        fn draw_rules(&self) -> (Option<usize>, Option<u32>) {
            $crate::Variant::draw_rules(&self.$f)
        }
    };
    (@one $f:ident hash_key) => {
        fn hash_key(&self, pos: &Self::Position) -> u64 { $crate::Variant::hash_key(&self.$f, pos) }
    };
    (@one $f:ident evaluate) => {
        fn evaluate(&self, pos: &Self::Position, scores: &mut [i32]) {
            $crate::Variant::evaluate(&self.$f, pos, scores)
        }
    };
    (@one $f:ident eval_state) => {
        fn eval_state(&self, pos: &Self::Position) -> Self::EvalState {
            $crate::Variant::eval_state(&self.$f, pos)
        }
    };
    (@one $f:ident next_eval_state) => {
        fn next_eval_state(
            &self,
            state: &Self::EvalState,
            before: &Self::Position,
            after: &Self::Position,
        ) -> Self::EvalState {
            $crate::Variant::next_eval_state(&self.$f, state, before, after)
        }
    };
    (@one $f:ident evaluate_with_state) => {
        fn evaluate_with_state(
            &self,
            pos: &Self::Position,
            state: &Self::EvalState,
            scores: &mut [i32],
        ) {
            $crate::Variant::evaluate_with_state(&self.$f, pos, state, scores)
        }
    };
    (@one $f:ident cell_info) => {
        fn cell_info(&self, pos: &Self::Position, text: &str) -> Option<$crate::CellReading> {
            $crate::Variant::cell_info(&self.$f, pos, text)
        }
    };
    (@one $f:ident move_origin) => {
        fn move_origin(&self, pos: &Self::Position, mv: &Self::Move) -> Option<String> {
            $crate::Variant::move_origin(&self.$f, pos, mv)
        }
    };
    (@one $f:ident noisy_moves) => {
        fn noisy_moves(&self, pos: &Self::Position, out: &mut Vec<Self::Move>) -> bool {
            $crate::Variant::noisy_moves(&self.$f, pos, out)
        }
    };
    (@one $f:ident pass) => {
        fn pass(&self, pos: &Self::Position) -> Option<Self::Position> {
            $crate::Variant::pass(&self.$f, pos)
        }
    };
    (@one $f:ident see) => {
        fn see(&self, pos: &Self::Position, mv: &Self::Move) -> Option<i32> {
            $crate::Variant::see(&self.$f, pos, mv)
        }
    };
    (@one $f:ident moved_man_attacked) => {
        fn moved_man_attacked(&self, after: &Self::Position, mv: &Self::Move) -> bool {
            $crate::Variant::moved_man_attacked(&self.$f, after, mv)
        }
    };
    (@one $f:ident capture_values) => {
        fn capture_values(&self, pos: &Self::Position, mv: &Self::Move) -> Option<(i32, i32)> {
            $crate::Variant::capture_values(&self.$f, pos, mv)
        }
    };
    (@one $f:ident search_hints) => {
        fn search_hints(&self) -> $crate::SearchHints {
            $crate::Variant::search_hints(&self.$f)
        }
    };
}
