use glam::Vec2;
use physics_core::demo::BodyState;
use physics_core::trace::*;
use proptest::prelude::*;
use std::io::Write;

proptest! {
    /// Every f32 the engine can hold comes back bit for bit.
    #[test]
    fn rows_round_trip(x in any::<f32>().prop_filter("finite", |v| v.is_finite()),
                       y in any::<f32>().prop_filter("finite", |v| v.is_finite()),
                       vx in -1e6f32..1e6, w in -1e3f32..1e3) {
        let b = BodyState {
            position: Vec2::new(x, y), angle: 0.25, velocity: Vec2::new(vx, -vx),
            angular_velocity: w, inv_mass: 1.0, inv_inertia: 0.0,
        };
        let mut t = TraceWriter::new(Vec::new()).unwrap();
        t.record(0, 0.0, &[b]).unwrap();
        t.record(1, 1.0 / 60.0, &[b]).unwrap();
        let text = String::from_utf8(t.finish().unwrap()).unwrap();
        let rows = parse(&text).unwrap();
        prop_assert_eq!(rows.len(), 2);
        let s = rows[1].state;
        prop_assert_eq!(s.position.x.to_bits(), x.to_bits());
        prop_assert_eq!(s.position.y.to_bits(), y.to_bits());
        prop_assert_eq!(s.velocity.x.to_bits(), vx.to_bits());
        prop_assert_eq!(s.angular_velocity.to_bits(), w.to_bits());
        prop_assert_eq!(rows[1].time, 1.0 / 60.0);
    }
}

/// A link is followed (the file it names is written, the link stays a link), a
/// directory is refused, and two files for one path at once take different
/// temporary names.
#[cfg(unix)]
#[test]
fn atomic_file_follows_links_and_refuses_directories() {
    let dir =
        std::env::temp_dir().join(format!("pc-atomic-link-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (real, link) = (dir.join("real.csv"), dir.join("link.csv"));
    std::os::unix::fs::symlink("real.csv", &link).unwrap();
    let mut f = AtomicFile::create(&link).unwrap();
    f.write_all(b"through").unwrap();
    f.commit().unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "through");
    let e = AtomicFile::create(&dir).err().expect("a directory is refused");
    assert!(e.to_string().contains("directory"), "{e}");
    let (mut a, mut b) =
        (AtomicFile::create(&real).unwrap(), AtomicFile::create(&real).unwrap());
    a.write_all(b"a").unwrap();
    b.write_all(b"b").unwrap();
    a.commit().unwrap();
    b.commit().unwrap();
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "b");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2, "no temporary left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn atomic_file_appears_only_on_commit() {
    let dir =
        std::env::temp_dir().join(format!("pc-atomic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dest = dir.join("a.csv");
    {
        let mut f = AtomicFile::create(&dest).unwrap();
        f.write_all(b"half").unwrap();
        // dropped without commit
    }
    assert!(!dest.exists());
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "no partial file left");
    let mut f = AtomicFile::create(&dest).unwrap();
    f.write_all(b"whole").unwrap();
    f.commit().unwrap();
    assert_eq!(std::fs::read_to_string(&dest).unwrap(), "whole");
    std::fs::remove_dir_all(&dir).unwrap();
}
