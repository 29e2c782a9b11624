//! Choosing the physical device: by `RX_VK_DEVICE`, else by kind (discrete, integrated,
//! virtual, CPU). Pure logic over what the driver reported, so it is tested without a GPU.

use gpu::switches::DeviceChoice;

/// What kind of device the driver reports, in order of preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum DeviceKind {
    Discrete,
    Integrated,
    Virtual,
    Cpu,
    Other,
}

impl DeviceKind {
    pub fn from_vk(kind: ash::vk::PhysicalDeviceType) -> Self {
        use ash::vk::PhysicalDeviceType as T;
        match kind {
            T::DISCRETE_GPU => DeviceKind::Discrete,
            T::INTEGRATED_GPU => DeviceKind::Integrated,
            T::VIRTUAL_GPU => DeviceKind::Virtual,
            T::CPU => DeviceKind::Cpu,
            _ => DeviceKind::Other,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            DeviceKind::Discrete => "discrete GPU",
            DeviceKind::Integrated => "integrated GPU",
            DeviceKind::Virtual => "virtual GPU",
            DeviceKind::Cpu => "CPU",
            DeviceKind::Other => "other",
        }
    }
}

/// One enumerated device, as far as choosing needs.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub name: String,
    pub kind: DeviceKind,
    /// Why the device cannot run Hookshot (API version, a missing feature), if it cannot.
    pub unsuitable: Option<String>,
}

/// Picks the index of the device to open, or says why none fits.
pub fn choose(candidates: &[Candidate], choice: &DeviceChoice) -> Result<usize, String> {
    let listing = || {
        candidates
            .iter()
            .enumerate()
            .map(|(index, c)| format!("{index}: {} ({})", c.name, c.kind.as_str()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let check = |index: usize| match &candidates[index].unsuitable {
        None => Ok(index),
        Some(reason) => Err(format!(
            "RX_VK_DEVICE selects {index}: {}, which cannot be used: {reason}",
            candidates[index].name
        )),
    };
    match choice {
        DeviceChoice::Index(index) if *index < candidates.len() => check(*index),
        DeviceChoice::Index(index) => Err(format!(
            "RX_VK_DEVICE={index} but there are {} devices [{}]",
            candidates.len(),
            listing()
        )),
        DeviceChoice::NameContains(part) => {
            let part_lower = part.to_lowercase();
            let index = candidates
                .iter()
                .position(|c| c.name.to_lowercase().contains(&part_lower))
                .ok_or_else(|| format!("RX_VK_DEVICE={part:?} matches none of [{}]", listing()))?;
            check(index)
        }
        DeviceChoice::Auto => candidates
            .iter()
            .enumerate()
            .filter(|(_, c)| c.unsuitable.is_none())
            .min_by_key(|(index, c)| (c.kind, *index))
            .map(|(index, _)| index)
            .ok_or_else(|| {
                if candidates.is_empty() {
                    "the Vulkan loader lists no device; install a driver (on Debian: mesa-vulkan-drivers for lavapipe)".to_owned()
                } else {
                    let reasons = candidates
                        .iter()
                        .map(|c| format!("{}: {}", c.name, c.unsuitable.as_deref().unwrap_or("")))
                        .collect::<Vec<_>>()
                        .join("; ");
                    format!("no device can run Hookshot ({reasons})")
                }
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(name: &str, kind: DeviceKind) -> Candidate {
        Candidate {
            name: name.into(),
            kind,
            unsuitable: None,
        }
    }

    #[test]
    fn auto_prefers_discrete_then_integrated_virtual_cpu() {
        let list = vec![
            candidate("llvmpipe", DeviceKind::Cpu),
            candidate("Intel UHD", DeviceKind::Integrated),
            candidate("Radeon RX", DeviceKind::Discrete),
            candidate("virtio", DeviceKind::Virtual),
        ];
        assert_eq!(choose(&list, &DeviceChoice::Auto), Ok(2));
        assert_eq!(choose(&list[..2], &DeviceChoice::Auto), Ok(1));
        assert_eq!(
            choose(&[list[0].clone(), list[3].clone()], &DeviceChoice::Auto),
            Ok(1)
        );
    }

    #[test]
    fn auto_skips_unsuitable_devices() {
        let mut old = candidate("Old GPU", DeviceKind::Discrete);
        old.unsuitable = Some("Vulkan 1.1".into());
        let list = vec![old, candidate("llvmpipe", DeviceKind::Cpu)];
        assert_eq!(choose(&list, &DeviceChoice::Auto), Ok(1));
        let err = choose(&list[..1], &DeviceChoice::Auto).unwrap_err();
        assert!(err.contains("Vulkan 1.1"), "{err}");
        assert!(choose(&[], &DeviceChoice::Auto)
            .unwrap_err()
            .contains("mesa-vulkan-drivers"));
    }

    #[test]
    fn explicit_choices_by_index_and_name() {
        let list = vec![
            candidate("llvmpipe (LLVM 15)", DeviceKind::Cpu),
            candidate("NVIDIA H200", DeviceKind::Discrete),
        ];
        assert_eq!(choose(&list, &DeviceChoice::Index(0)), Ok(0));
        assert_eq!(
            choose(&list, &DeviceChoice::NameContains("h200".into())),
            Ok(1)
        );
        assert!(choose(&list, &DeviceChoice::Index(5))
            .unwrap_err()
            .contains("2 devices"));
        assert!(choose(&list, &DeviceChoice::NameContains("radeon".into()))
            .unwrap_err()
            .contains("llvmpipe"));
    }
}
