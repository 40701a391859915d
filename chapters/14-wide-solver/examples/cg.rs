fn main() {
    let rows: usize =
        std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let mut w = ch14_wide_solver::demos::pyramid(rows);
    w.base.sleeping = false;
    for _ in 0..20 {
        w.step(1.0 / 60.0);
    }
}
