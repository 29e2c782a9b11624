//! NVN's present interval (vertical blanks a present waits for) as a Vulkan present mode,
//! chosen from the modes a surface offers: 1 waits for each vblank (FIFO, which every
//! surface offers); 0 waits for none: MAILBOX where offered (no tearing, newest frame
//! shown), else IMMEDIATE (may tear). Anything else is refused with a typed error.

use ash::vk;

/// Why a present interval has no present mode on a surface.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PresentModeError {
    #[error("present interval {interval}: Vulkan presents wait for one vertical blank at most (FIFO); intervals above 1 have no present mode")]
    IntervalPastOne { interval: u8 },
    #[error("present interval {interval} needs present mode {wanted}, which the surface lacks (it offers {offered:?})")]
    NotOffered {
        interval: u8,
        wanted: &'static str,
        offered: Vec<vk::PresentModeKHR>,
    },
}

/// The present mode for `interval` among the surface's `offered` modes.
pub fn present_mode_for(
    interval: u8,
    offered: &[vk::PresentModeKHR],
) -> Result<vk::PresentModeKHR, PresentModeError> {
    let wanted: &[vk::PresentModeKHR] = match interval {
        0 => &[vk::PresentModeKHR::MAILBOX, vk::PresentModeKHR::IMMEDIATE],
        1 => &[vk::PresentModeKHR::FIFO],
        _ => return Err(PresentModeError::IntervalPastOne { interval }),
    };
    wanted
        .iter()
        .copied()
        .find(|mode| offered.contains(mode))
        .ok_or_else(|| PresentModeError::NotOffered {
            interval,
            wanted: if interval == 0 {
                "MAILBOX or IMMEDIATE"
            } else {
                "FIFO"
            },
            offered: offered.to_vec(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use vk::PresentModeKHR as Mode;

    const ALL: [Mode; 4] = [
        Mode::IMMEDIATE,
        Mode::MAILBOX,
        Mode::FIFO,
        Mode::FIFO_RELAXED,
    ];

    #[test]
    fn interval_one_is_fifo_whatever_else_is_offered() {
        assert_eq!(present_mode_for(1, &ALL), Ok(Mode::FIFO));
        assert_eq!(present_mode_for(1, &[Mode::FIFO]), Ok(Mode::FIFO));
    }

    #[test]
    fn interval_zero_prefers_mailbox_then_immediate() {
        assert_eq!(present_mode_for(0, &ALL), Ok(Mode::MAILBOX));
        assert_eq!(
            present_mode_for(0, &[Mode::FIFO, Mode::IMMEDIATE]),
            Ok(Mode::IMMEDIATE)
        );
        assert_eq!(
            present_mode_for(0, &[Mode::MAILBOX, Mode::FIFO]),
            Ok(Mode::MAILBOX)
        );
    }

    #[test]
    fn interval_zero_on_a_fifo_only_surface_is_refused_naming_the_modes() {
        let error = present_mode_for(0, &[Mode::FIFO, Mode::FIFO_RELAXED]).unwrap_err();
        assert_eq!(
            error,
            PresentModeError::NotOffered {
                interval: 0,
                wanted: "MAILBOX or IMMEDIATE",
                offered: vec![Mode::FIFO, Mode::FIFO_RELAXED],
            }
        );
        let message = error.to_string();
        assert!(message.contains("MAILBOX or IMMEDIATE"), "{message}");
        assert!(message.contains("lacks"), "{message}");
    }

    #[test]
    fn a_surface_without_fifo_refuses_interval_one() {
        // The specification requires FIFO, but a broken driver's list is still checked.
        let error = present_mode_for(1, &[Mode::IMMEDIATE]).unwrap_err();
        assert!(error.to_string().contains("FIFO"), "{error}");
    }

    #[test]
    fn intervals_past_one_are_refused() {
        assert_eq!(
            present_mode_for(2, &ALL),
            Err(PresentModeError::IntervalPastOne { interval: 2 })
        );
    }
}
