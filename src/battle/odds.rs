//! Monte Carlo odds of a battle (`giglio battle odds`).
