//! Engine tests on small rule sets written for the purpose.
