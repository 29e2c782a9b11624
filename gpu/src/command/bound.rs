//! What a command buffer has bound so far: enough to refuse a draw with nothing to draw
//! with, or a handle into no table.

use crate::ids::{ProgramId, SamplerTableId, TextureTableId};
use crate::objects::ObjectTables;
use crate::state::{IndexType, StateChange};

use super::verbs::{BufferBinding, Command, RenderTargets};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoundState {
    pub graphics_program: Option<ProgramId>,
    pub compute_program: Option<ProgramId>,
    pub targets: RenderTargets,
    /// Both tables, once both are in force (`tables`' pair).
    pub descriptor_tables: Option<(TextureTableId, SamplerTableId)>,
    /// Each table as set on its own or as a pair.
    pub tables: super::TablesInForce,
    pub index_type: Option<IndexType>,
    /// Primitive restart is on (set by this list, or one it goes on from).
    pub primitive_restart: bool,
    /// The bound graphics program has tessellation stages: its draws are of patches.
    pub tessellated: bool,
    /// The bound graphics program's geometry stage is compiled code translated per input
    /// class: its draws' primitives must be one of them.
    pub per_input_geometry: bool,
    /// The bound graphics program has a geometry stage (it may make any primitive).
    pub has_geometry_stage: bool,
    /// Transform feedback is capturing (begun or resumed, not paused or ended).
    pub transform_feedback_active: bool,
    /// NVN's polygon smoothing is on (`Smoothing::polygons`; `command::smoothing`).
    pub polygon_smoothing: bool,
    /// Line smoothing is on (`Smoothing::lines`; `command::smoothing`).
    pub line_smoothing: bool,
    /// Polygons are rasterized as lines or points, not filled (the rasterizer state).
    pub polygons_unfilled: bool,
    /// Programmable sample locations are on (`command::sample_locations`), and on the
    /// 2x2 pixel grid.
    pub sample_locations_on: bool,
    pub sample_location_grid: bool,
}

impl BoundState {
    /// The state after `command`, which has passed its checks. A program no longer in
    /// `tables` binds nothing (it can only happen when continuing an old list).
    /// `apply` for a command that reads nothing from the tables (buffer binds, draws).
    pub fn apply_known(&mut self, command: &Command) {
        if let Command::BindBuffer {
            binding: BufferBinding::Index { index_type },
            ..
        } = command
        {
            self.index_type = Some(*index_type);
        }
    }

    pub fn apply(&mut self, command: &Command, tables: &ObjectTables) {
        match command {
            Command::BindProgram(id) => match tables.programs.get(*id) {
                Some(program) if program.is_compute() => self.compute_program = Some(*id),
                Some(program) => {
                    self.graphics_program = Some(*id);
                    self.tessellated = super::stages::tessellates(program);
                    self.per_input_geometry =
                        crate::objects::program_geometry::has_per_input_geometry(program);
                    self.has_geometry_stage =
                        program.stages.contains(crate::objects::StageMask::GEOMETRY);
                }
                None => {}
            },
            Command::BindRenderTargets(targets) => self.targets = *targets,
            Command::SetState(state) => self.apply_state(state),
            Command::BindDescriptorTables { textures, samplers } => {
                self.tables.bind_pair(*textures, *samplers);
                self.descriptor_tables = self.tables.pair();
            }
            Command::BindDescriptorTable(bind) => {
                self.tables.bind_one(*bind);
                self.descriptor_tables = self.tables.pair();
            }
            Command::BindBuffer {
                binding: BufferBinding::Index { index_type },
                ..
            } => self.index_type = Some(*index_type),
            Command::TransformFeedback { verb, .. } => {
                self.transform_feedback_active = verb.activates()
            }
            _ => {}
        }
    }

    /// What a state change sets here (the rasterizer's fill, primitive restart, smoothing
    /// and sample locations, which later draws are checked against).
    pub fn apply_state(&mut self, state: &StateChange) {
        match state {
            StateChange::PrimitiveRestart(index) => self.primitive_restart = index.is_some(),
            StateChange::Smoothing(smoothing) => {
                self.polygon_smoothing = smoothing.polygons;
                self.line_smoothing = smoothing.lines;
            }
            StateChange::SampleLocations(locations) => {
                self.sample_locations_on = locations.enabled;
                self.sample_location_grid = locations.enabled && locations.grid;
            }
            StateChange::Rasterizer(raster) => {
                self.polygons_unfilled = raster.polygon_mode != crate::state::PolygonMode::Fill
            }
            _ => {}
        }
    }
}
