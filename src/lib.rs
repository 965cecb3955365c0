//! Unitly's static-site generator as a library: the `unitly` binary is a thin command line
//! over it, and the integration tests call it in process.

pub mod cli;
pub mod cmd;
pub mod content;
pub mod diagnostics;
pub mod feed;
pub mod fingerprint;
pub mod generated;
pub mod hash;
pub mod html;
pub mod images;
pub mod islands;
pub mod links;
pub mod listing;
pub mod marks;
pub mod npm;
pub mod output;
pub mod patch;
pub mod pwa;
pub mod render;
pub mod search;
pub mod serve;
pub mod site;
pub mod sitemap;
pub mod svg;
pub mod theme;
pub mod url;
