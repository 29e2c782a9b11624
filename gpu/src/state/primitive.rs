//! Primitive kinds, index types, and the index lists that turn the kinds some drivers
//! lack (quads, quad strips, triangle fans, line loops, polygons) into ones all have.

coded_enum!(
    pub enum PrimitiveKind {
        Points = 0,
        Lines = 1,
        LineLoop = 2,
        LineStrip = 3,
        Triangles = 4,
        TriangleStrip = 5,
        TriangleFan = 6,
        Quads = 7,
        QuadStrip = 8,
        Polygon = 9,
        LinesAdjacency = 10,
        LineStripAdjacency = 11,
        TrianglesAdjacency = 12,
        TriangleStripAdjacency = 13,
        Patches = 14,
    }
);

coded_enum!(
    pub enum IndexType {
        U8 = 0,
        U16 = 1,
        U32 = 2,
    }
);

impl IndexType {
    pub fn size_b(self) -> u64 {
        match self {
            IndexType::U8 => 1,
            IndexType::U16 => 2,
            IndexType::U32 => 4,
        }
    }
}

impl PrimitiveKind {
    /// Kinds no Vulkan driver draws: every executor converts them to indices (fans are
    /// converted only on some drivers, and are not counted here).
    pub fn needs_index_conversion(self) -> bool {
        matches!(
            self,
            PrimitiveKind::Quads
                | PrimitiveKind::QuadStrip
                | PrimitiveKind::Polygon
                | PrimitiveKind::LineLoop
        )
    }

    /// What a backend draws instead when it converts this kind, if it is one of those
    /// that some drivers lack.
    pub fn converted_kind(self) -> Option<PrimitiveKind> {
        match self {
            PrimitiveKind::Quads
            | PrimitiveKind::QuadStrip
            | PrimitiveKind::TriangleFan
            | PrimitiveKind::Polygon => Some(PrimitiveKind::Triangles),
            PrimitiveKind::LineLoop => Some(PrimitiveKind::LineStrip),
            _ => None,
        }
    }

    /// Vertex positions (into the original list of `vertex_count`) to draw with
    /// `converted_kind()`, keeping each primitive's first vertex first (provoking
    /// vertex and winding as on the console). Empty for kinds needing no conversion.
    pub fn conversion_indices(self, vertex_count: u32) -> Vec<u32> {
        let n = vertex_count;
        let mut out = Vec::new();
        match self {
            PrimitiveKind::Quads => {
                for q in 0..n / 4 {
                    let v = q * 4;
                    out.extend_from_slice(&[v, v + 1, v + 2, v, v + 2, v + 3]);
                }
            }
            PrimitiveKind::QuadStrip => {
                for q in 0..(n.saturating_sub(2) / 2) {
                    let v = q * 2;
                    // A quad strip's quad is v, v+1, v+3, v+2 in polygon order.
                    out.extend_from_slice(&[v, v + 1, v + 3, v, v + 3, v + 2]);
                }
            }
            PrimitiveKind::TriangleFan | PrimitiveKind::Polygon => {
                for t in 1..n.saturating_sub(1) {
                    out.extend_from_slice(&[0, t, t + 1]);
                }
            }
            PrimitiveKind::LineLoop if n >= 2 => {
                out.extend(0..n);
                out.push(0);
            }
            _ => {}
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quads_become_two_triangles_each() {
        assert_eq!(
            PrimitiveKind::Quads.conversion_indices(9),
            vec![0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]
        );
    }

    #[test]
    fn fans_polygons_strips_and_loops() {
        assert_eq!(
            PrimitiveKind::TriangleFan.conversion_indices(5),
            vec![0, 1, 2, 0, 2, 3, 0, 3, 4]
        );
        assert_eq!(
            PrimitiveKind::Polygon.conversion_indices(4),
            PrimitiveKind::TriangleFan.conversion_indices(4)
        );
        assert_eq!(
            PrimitiveKind::QuadStrip.conversion_indices(6),
            vec![0, 1, 3, 0, 3, 2, 2, 3, 5, 2, 5, 4]
        );
        assert_eq!(
            PrimitiveKind::LineLoop.conversion_indices(3),
            vec![0, 1, 2, 0]
        );
        assert!(PrimitiveKind::LineLoop.conversion_indices(1).is_empty());
        assert!(PrimitiveKind::TriangleFan.conversion_indices(2).is_empty());
        assert!(PrimitiveKind::Triangles.conversion_indices(6).is_empty());
        assert_eq!(PrimitiveKind::Triangles.converted_kind(), None);
        assert_eq!(
            PrimitiveKind::LineLoop.converted_kind(),
            Some(PrimitiveKind::LineStrip)
        );
    }
}
