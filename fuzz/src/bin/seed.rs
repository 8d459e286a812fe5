//! Writes the seed inputs of every fuzz target into `corpus/<target>/` (run from
//! `fuzz/`: `cargo run --bin seed`); `cargo fuzz cmin` then keeps the useful ones.

fn main() -> std::io::Result<()> {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let cases = here.join("../tests/cases/orders");
    let mut n = 0;
    for (target, name, bytes) in giglio_fuzz::seeds(&cases) {
        let dir = here.join("corpus").join(target);
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join(name), bytes)?;
        n += 1;
    }
    println!(
        "{n} seed inputs written under {}",
        here.join("corpus").display()
    );
    Ok(())
}
