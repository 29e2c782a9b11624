//! Fixed-function state in a recording.

use crate::state::*;

use super::wire::{wire_struct, Malformed, Wire, WireReader};

impl Wire for ComponentMask {
    const MIN_B: usize = 1;
    fn put(&self, out: &mut Vec<u8>) {
        out.push(self.0);
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        Ok(ComponentMask(u8::take(reader)?))
    }
}

wire_struct!(BlendEquation {
    src_factor,
    dst_factor,
    op
});
wire_struct!(BlendState {
    enabled,
    color,
    alpha
});
wire_struct!(StencilFace {
    fail,
    depth_fail,
    pass,
    compare,
    reference,
    read_mask,
    write_mask,
});
wire_struct!(DepthStencilState {
    depth_test,
    depth_write,
    depth_compare,
    stencil_test,
    front,
    back,
});
wire_struct!(RasterizerState {
    cull,
    front_face,
    polygon_mode,
    depth_clamp,
    discard,
    line_width_px,
    point_size_px,
});
wire_struct!(PolygonOffset {
    factor,
    units,
    clamp,
    fill,
    line,
    point
});
wire_struct!(Viewport {
    x_px,
    y_px,
    width_px,
    height_px,
    min_depth,
    max_depth,
});
wire_struct!(Scissor {
    x_px,
    y_px,
    width_px,
    height_px
});
wire_struct!(VertexFormat { kind, components });
wire_struct!(VertexAttribute {
    location,
    stream,
    format,
    offset_b
});
wire_struct!(VertexStream { stride_b, divisor });
wire_struct!(DepthBounds { min, max });
wire_struct!(AlphaTest { compare, reference });
wire_struct!(Smoothing { lines, polygons });
wire_struct!(SampleLocation { x_16ths, y_16ths });
wire_struct!(SampleLocations {
    enabled,
    grid,
    locations
});
wire_struct!(MultisampleState {
    sample_mask,
    alpha_to_coverage,
    alpha_to_one,
    min_sample_shading
});

impl Wire for StateChange {
    const MIN_B: usize = 1;
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            StateChange::Blend { target, state } => {
                out.push(0);
                target.put(out);
                state.put(out);
            }
            StateChange::BlendEnables(mask) => {
                out.push(45);
                mask.put(out);
            }
            StateChange::SampleLocations(locations) => {
                out.push(46);
                locations.put(out);
            }
            StateChange::BlendConstant(rgba) => {
                out.push(1);
                rgba.put(out);
            }
            StateChange::WriteMasks(masks) => {
                out.push(2);
                masks.put(out);
            }
            StateChange::LogicOp(op) => {
                out.push(3);
                op.put(out);
            }
            StateChange::DepthStencil(state) => {
                out.push(4);
                state.put(out);
            }
            StateChange::Rasterizer(state) => {
                out.push(5);
                state.put(out);
            }
            StateChange::PolygonOffset(offset) => {
                out.push(6);
                offset.put(out);
            }
            StateChange::Viewports { first, viewports } => {
                out.push(7);
                first.put(out);
                viewports.put(out);
            }
            StateChange::Scissors { first, scissors } => {
                out.push(8);
                first.put(out);
                scissors.put(out);
            }
            StateChange::VertexAttributes(attributes) => {
                out.push(9);
                attributes.put(out);
            }
            StateChange::VertexStreams(streams) => {
                out.push(10);
                streams.put(out);
            }
            StateChange::PrimitiveRestart(index) => {
                out.push(11);
                index.put(out);
            }
            StateChange::DepthMode(mode) => {
                out.push(12);
                mode.put(out);
            }
            StateChange::WindowOrigin(origin) => {
                out.push(13);
                origin.put(out);
            }
            StateChange::ClipYAxis(axis) => {
                out.push(44);
                axis.put(out);
            }
            StateChange::ProvokingVertex(vertex) => {
                out.push(14);
                vertex.put(out);
            }
            StateChange::DepthBounds(bounds) => {
                out.push(15);
                bounds.put(out);
            }
            StateChange::PatchSize(vertices) => {
                out.push(16);
                vertices.put(out);
            }
            StateChange::InnerTessellationLevels(levels) => {
                out.push(17);
                levels.put(out);
            }
            StateChange::OuterTessellationLevels(levels) => {
                out.push(18);
                levels.put(out);
            }
            // Issue 17's codes start at 40, apart from other work's.
            StateChange::ProgramPointSize(enabled) => {
                out.push(40);
                enabled.put(out);
            }
            StateChange::AlphaTest(test) => {
                out.push(41);
                test.put(out);
            }
            StateChange::Smoothing(smoothing) => {
                out.push(42);
                smoothing.put(out);
            }
            StateChange::Multisample(state) => {
                out.push(43);
                state.put(out);
            }
        }
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        Ok(match u8::take(reader)? {
            0 => StateChange::Blend {
                target: Wire::take(reader)?,
                state: Wire::take(reader)?,
            },
            1 => StateChange::BlendConstant(Wire::take(reader)?),
            2 => StateChange::WriteMasks(Wire::take(reader)?),
            3 => StateChange::LogicOp(Wire::take(reader)?),
            4 => StateChange::DepthStencil(Wire::take(reader)?),
            5 => StateChange::Rasterizer(Wire::take(reader)?),
            6 => StateChange::PolygonOffset(Wire::take(reader)?),
            7 => StateChange::Viewports {
                first: Wire::take(reader)?,
                viewports: Wire::take(reader)?,
            },
            8 => StateChange::Scissors {
                first: Wire::take(reader)?,
                scissors: Wire::take(reader)?,
            },
            9 => StateChange::VertexAttributes(Wire::take(reader)?),
            10 => StateChange::VertexStreams(Wire::take(reader)?),
            11 => StateChange::PrimitiveRestart(Wire::take(reader)?),
            12 => StateChange::DepthMode(Wire::take(reader)?),
            13 => StateChange::WindowOrigin(Wire::take(reader)?),
            14 => StateChange::ProvokingVertex(Wire::take(reader)?),
            15 => StateChange::DepthBounds(Wire::take(reader)?),
            16 => StateChange::PatchSize(Wire::take(reader)?),
            17 => StateChange::InnerTessellationLevels(Wire::take(reader)?),
            18 => StateChange::OuterTessellationLevels(Wire::take(reader)?),
            40 => StateChange::ProgramPointSize(Wire::take(reader)?),
            41 => StateChange::AlphaTest(Wire::take(reader)?),
            42 => StateChange::Smoothing(Wire::take(reader)?),
            43 => StateChange::Multisample(Wire::take(reader)?),
            44 => StateChange::ClipYAxis(Wire::take(reader)?),
            45 => StateChange::BlendEnables(Wire::take(reader)?),
            46 => StateChange::SampleLocations(Wire::take(reader)?),
            _ => return Err(reader.fail("state change kind")),
        })
    }
}
