//! Render targets of formats whose colour the device cannot write as NVN stores it are
//! refused when bound, naming the format and the Vulkan format feature that is missing
//! (not at submit, where one refused pass would drop the whole list).

use crate::error::RecordError;
use crate::features::DeviceFeatures;
use crate::mem::Format;
use crate::objects::ObjectTables;

use super::verbs::RenderTargets;

/// Refuses colour targets whose view format the device cannot render as stored.
pub fn check_target_formats(
    targets: &RenderTargets,
    tables: &ObjectTables,
    features: &DeviceFeatures,
) -> Result<(), RecordError> {
    for view in targets.colors.iter().flatten() {
        let Some(view) = tables.views.get(*view) else {
            continue; // refused as unknown by the caller's checks
        };
        if view.format == Format::Rgb5A1 && !features.formats.rgb5a1_attachment {
            return Err(RecordError::MissingCapability {
                what: "rendering to format rgb5a1",
                capability: "COLOR_ATTACHMENT of A1B5G5R5_UNORM_PACK16 (VK_KHR_maintenance5)",
            });
        }
        let rgb32 = matches!(
            view.format,
            Format::Rgb32Ui | Format::Rgb32I | Format::Rgb32F
        );
        if rgb32 && !features.formats.rgb32_attachment {
            return Err(RecordError::MissingCapability {
                what: "rendering to format rgb32ui, rgb32i or rgb32f",
                capability: "COLOR_ATTACHMENT of R32G32B32_UINT, _SINT and _SFLOAT",
            });
        }
    }
    Ok(())
}
