//! NVN's polygon smoothing (deko3d's `DkPolygonFlag_Fill` in `polygonSmoothEnableMask`)
//! antialiases filled polygons only: lines, points and polygons rasterized as lines or
//! points are drawn as they would be without it (deko3d's samples turn every smoothing
//! bit on and draw line strips and line-mode tessellation). Vulkan has no polygon
//! smoothing, so the state is accepted and a draw that would fill polygons while it is on
//! is refused when recorded, by name.

use crate::error::RecordError;
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

/// Refuses a draw that would fill polygons with polygon smoothing on, and one that smooths
/// the edges of tessellated triangles drawn as lines: on Mesa's lavapipe the second and
/// later submissions of such a draw leave stray lines that differ from run to run
/// (deko3d's tessellation sample, `capi/examples/deko05_tessellation.c`), so it is
/// refused by name until that is understood. A program with a
/// geometry stage may turn points or lines into triangles: refused whatever it draws.
#[inline]
pub fn check_polygon_smoothing(
    bound: &BoundState,
    primitive: PrimitiveKind,
) -> Result<(), RecordError> {
    if bound.line_smoothing && bound.polygons_unfilled && primitive == PrimitiveKind::Patches {
        return Err(RecordError::MissingCapability {
            what: "smoothed lines along the edges of tessellated polygons",
            capability: "smooth line-mode tessellation (stray lines on lavapipe; not made yet)",
        });
    }
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
