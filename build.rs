// Rebuild the binary when its own sources change, not when content/ or dist/ do:
// cargo's default (any file in the package) would recompile on every content edit.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src");
}
