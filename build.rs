//! Lists the message catalogues under `locales/` for `src/words/` to build in: every
//! `locales/it/<name>.ftl` must have its `locales/en/<name>.ftl`, so a file added in one
//! language only fails the build with the name of the missing one.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=locales");
    // Read when the script runs, not baked in when it is compiled: a target folder
    // copied from another checkout would otherwise read that checkout's catalogues.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("locales");
    let mut names = Vec::new();
    for lang in ["it", "en"] {
        let dir = root.join(lang);
        println!("cargo:rerun-if-changed={}", dir.display());
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let name = entry.expect("a readable locales entry").file_name();
            let name = name.to_string_lossy().into_owned();
            if name.ends_with(".ftl") {
                names.push((lang, name));
            }
        }
    }
    let it: std::collections::BTreeSet<_> = names
        .iter()
        .filter(|(l, _)| *l == "it")
        .map(|(_, n)| n.clone())
        .collect();
    let en: std::collections::BTreeSet<_> = names
        .iter()
        .filter(|(l, _)| *l == "en")
        .map(|(_, n)| n.clone())
        .collect();
    if let Some(missing) = it.symmetric_difference(&en).next() {
        panic!("locales/: {missing} must exist in both locales/it and locales/en");
    }
    let mut out = String::from("&[\n");
    for name in &it {
        let it_path = root.join("it").join(name);
        let en_path = root.join("en").join(name);
        println!("cargo:rerun-if-changed={}", it_path.display());
        println!("cargo:rerun-if-changed={}", en_path.display());
        writeln!(
            out,
            "    ({name:?}, include_str!({:?}), include_str!({:?})),",
            it_path.display().to_string(),
            en_path.display().to_string()
        )
        .unwrap();
    }
    out.push(']');
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("locales.rs");
    std::fs::write(dest, out).unwrap();
}
