//! The process's resident memory, sampled during a run so a long run can show that host
//! memory stays flat.

/// Bytes of the process resident in memory now, where the platform tells (Linux's
/// `/proc/self/statm`); `None` elsewhere.
pub fn resident_b() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let resident_pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(resident_pages * memory::host_page_size_b())
}

/// The growth between the first sample taken at or after `settled_frame` and the last.
pub fn growth_b(samples: &[(u32, u64)], settled_frame: u32) -> Option<i64> {
    let settled = samples.iter().find(|(frame, _)| *frame >= settled_frame)?;
    let last = samples.last()?;
    Some(last.1 as i64 - settled.1 as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_is_measured_from_the_settled_sample() {
        let samples = [(0, 100), (250, 400), (500, 450), (750, 430)];
        assert_eq!(growth_b(&samples, 250), Some(30));
        assert_eq!(growth_b(&samples, 900), None);
        assert!(resident_b().is_some_and(|b| b > 0) || !cfg!(target_os = "linux"));
    }
}
