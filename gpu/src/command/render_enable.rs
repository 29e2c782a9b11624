//! NVN's render enable: `SetRenderEnable` turns draws and clears on or off, and
//! `SetRenderEnableConditional` sets it from two reports in pool memory (32 bytes: the
//! report at the address and the one 16 bytes after it), comparing their 64-bit values.
//! Copies and dispatches are not affected. The state carries from list to list.

/// How the two reports' values decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum ConditionalRender {
    /// Draws run when the two values are equal (NVN's `RENDER_IF_EQUAL`, 0).
    IfEqual = 0,
    /// Draws run when they differ (NVN's `RENDER_IF_NOT_EQUAL`, 1).
    IfNotEqual = 1,
}

/// Bytes a condition reads: two reports.
pub const CONDITION_B: u64 = 32;

impl ConditionalRender {
    pub fn from_raw(raw: u32) -> Option<ConditionalRender> {
        match raw {
            0 => Some(ConditionalRender::IfEqual),
            1 => Some(ConditionalRender::IfNotEqual),
            _ => None,
        }
    }

    /// Whether draws run, given the two reports' values.
    pub fn enables(self, first: u64, second: u64) -> bool {
        match self {
            ConditionalRender::IfEqual => first == second,
            ConditionalRender::IfNotEqual => first != second,
        }
    }

    /// Whether draws run, given the 32 bytes of the two reports.
    pub fn enables_bytes(self, reports: &[u8; 32]) -> bool {
        let value =
            |at: usize| u64::from_le_bytes(reports[at..at + 8].try_into().expect("8 bytes"));
        self.enables(value(0), value(16))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_values_not_the_timestamps_decide() {
        let mut reports = [0u8; 32];
        reports[8..16].copy_from_slice(&5u64.to_le_bytes());
        reports[16..24].copy_from_slice(&3u64.to_le_bytes());
        assert!(ConditionalRender::IfNotEqual.enables_bytes(&reports));
        assert!(!ConditionalRender::IfEqual.enables_bytes(&reports));
        reports[0..8].copy_from_slice(&3u64.to_le_bytes());
        assert!(ConditionalRender::IfEqual.enables_bytes(&reports));
        assert_eq!(
            ConditionalRender::from_raw(1),
            Some(ConditionalRender::IfNotEqual)
        );
        assert_eq!(ConditionalRender::from_raw(2), None);
    }
}
