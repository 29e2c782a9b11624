//! NVN's polygon smoothing (deko3d's `DkPolygonFlag_Fill` in `polygonSmoothEnableMask`)
//! antialiases filled polygons only: lines, points and polygons rasterized as lines or
//! points are drawn as they would be without it (deko3d's samples turn every smoothing
//! bit on and draw line strips and line-mode tessellation). Vulkan has no polygon
//! smoothing, so the state is accepted and a draw that would fill polygons while it is on
//! is refused when recorded, by name.

use crate::error::RecordError;
use crate::features::DeviceFeatures;
use crate::state::PrimitiveKind;

use super::bound::BoundState;

/// Whether a draw of `primitive` may rasterize filled polygons: triangles and quads of
/// every kind, and patches (their evaluation stage may make triangles).
fn may_fill(primitive: PrimitiveKind) -> bool {
    !matches!(
        primitive,
        PrimitiveKind::Points
            | PrimitiveKind::Lines
            | PrimitiveKind::LineLoop
            | PrimitiveKind::LineStrip
            | PrimitiveKind::LinesAdjacency
            | PrimitiveKind::LineStripAdjacency
    )
}

/// Refuses a draw of patches whose tessellated polygons are drawn as smoothed lines where
/// the device cannot draw them (`DeviceFeatures::smooth_tessellated_lines`: Mesa's
/// llvmpipe draws the second and later draws of such a pipeline from stale vertex data,
/// docs/nvn-conventions.md, "Smoothed lines after tessellation").
#[inline]
pub fn check_smooth_tessellated_lines(
    bound: &BoundState,
    primitive: PrimitiveKind,
    features: &DeviceFeatures,
) -> Result<(), RecordError> {
    if bound.line_smoothing
        && bound.polygons_unfilled
        && primitive == PrimitiveKind::Patches
        && !features.smooth_tessellated_lines
    {
        return Err(RecordError::MissingCapability {
            what: "smoothed lines along the edges of tessellated polygons",
            capability: "smooth line-mode tessellation (Mesa's llvmpipe draws it from stale \
                         vertex data)",
        });
    }
    Ok(())
}

/// Refuses a draw that would fill polygons with polygon smoothing on. A program with a
/// geometry stage may turn points or lines into triangles: refused whatever it draws.
#[inline]
pub fn check_polygon_smoothing(
    bound: &BoundState,
    primitive: PrimitiveKind,
) -> Result<(), RecordError> {
    if !bound.polygon_smoothing || bound.polygons_unfilled {
        return Ok(());
    }
    if may_fill(primitive) || bound.has_geometry_stage {
        return Err(RecordError::MissingCapability {
            what: "a draw of filled polygons with polygon smoothing on",
            capability: "polygon smoothing (Vulkan has none)",
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Line-mode patches with line smoothing on: drawn where the device says it can,
    /// refused by name where not; nothing else is touched by the feature.
    #[test]
    fn smoothed_line_mode_patches_follow_the_device() {
        let mut bound = BoundState {
            line_smoothing: true,
            polygons_unfilled: true,
            ..BoundState::default()
        };
        let mut features = DeviceFeatures {
            smooth_lines: true,
            smooth_tessellated_lines: true,
            ..DeviceFeatures::NONE
        };
        assert!(check_smooth_tessellated_lines(&bound, PrimitiveKind::Patches, &features).is_ok());
        features.smooth_tessellated_lines = false;
        let refused = check_smooth_tessellated_lines(&bound, PrimitiveKind::Patches, &features);
        assert!(
            matches!(refused, Err(RecordError::MissingCapability { capability, .. })
                if capability.contains("smooth line-mode tessellation")),
            "{refused:?}"
        );
        for primitive in [PrimitiveKind::Triangles, PrimitiveKind::LineStrip] {
            assert!(check_smooth_tessellated_lines(&bound, primitive, &features).is_ok());
        }
        bound.polygons_unfilled = false;
        assert!(check_smooth_tessellated_lines(&bound, PrimitiveKind::Patches, &features).is_ok());
        bound.polygons_unfilled = true;
        bound.line_smoothing = false;
        assert!(check_smooth_tessellated_lines(&bound, PrimitiveKind::Patches, &features).is_ok());
    }
}
