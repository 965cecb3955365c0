pub mod build;
pub mod check;
pub mod new;
pub mod serve;
