//! Lookup tables over a parsed module: names, types, constants, decorations, variables
//! and entry points. Built once, read by the binding remap, reflection and the Metal check.

use std::collections::HashMap;

use super::module::{literal_string, literal_string_words, Module};
use super::ops::{decoration, op};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Type {
    Bool,
    Int {
        width_bits: u32,
        signed: bool,
    },
    Float {
        width_bits: u32,
    },
    Vector {
        component: u32,
        count: u32,
    },
    Matrix {
        column: u32,
        count: u32,
    },
    Image {
        /// The type of a texel component (float, int or uint).
        sampled_type: u32,
        dim: u32,
        /// 1 for a depth (shadow) image, 0 not, 2 unknown.
        depth: u32,
        arrayed: bool,
        multisampled: bool,
        sampled: u32,
    },
    Sampler,
    SampledImage {
        image: u32,
    },
    Array {
        element: u32,
        length_id: u32,
    },
    RuntimeArray {
        element: u32,
    },
    Struct {
        members: Vec<u32>,
    },
    Pointer {
        storage_class: u32,
        pointee: u32,
    },
    /// Any type this crate does not look inside (its opcode).
    Other(u16),
}

#[derive(Clone, Debug)]
pub struct Variable {
    pub id: u32,
    pub pointer_type: u32,
    pub storage_class: u32,
}

#[derive(Clone, Debug)]
pub struct EntryPoint {
    pub execution_model: u32,
    pub function: u32,
    pub name: String,
    pub interface: Vec<u32>,
}

#[derive(Clone, Debug)]
pub struct ExecutionMode {
    pub entry_point: u32,
    pub mode: u32,
    pub operands: Vec<u32>,
    /// `OpExecutionModeId`: operands are ids of constants, not literals.
    pub operands_are_ids: bool,
}

type Decorations = Vec<(u32, Vec<u32>)>;

#[derive(Debug, Default)]
pub struct ModuleIndex {
    pub names: HashMap<u32, String>,
    pub types: HashMap<u32, Type>,
    /// Scalar 32-bit constants (including specialisation constants' defaults).
    pub constants: HashMap<u32, u32>,
    pub composites: HashMap<u32, Vec<u32>>,
    decorations: HashMap<u32, Decorations>,
    member_decorations: HashMap<(u32, u32), Decorations>,
    pub variables: Vec<Variable>,
    pub entry_points: Vec<EntryPoint>,
    pub execution_modes: Vec<ExecutionMode>,
    pub capabilities: Vec<u32>,
}

impl ModuleIndex {
    pub fn new(module: &Module) -> Self {
        let mut index = ModuleIndex::default();
        for instruction in &module.instructions {
            let operands = &instruction.operands[..];
            // Malformed short instructions are left to spirv-val; skip them here.
            let Some(&first) = operands.first() else {
                continue;
            };
            match instruction.opcode {
                op::NAME if operands.len() > 1 => {
                    index.names.insert(first, literal_string(&operands[1..]));
                }
                op::ENTRY_POINT if operands.len() > 2 => {
                    let name_words = literal_string_words(&operands[2..]);
                    index.entry_points.push(EntryPoint {
                        execution_model: first,
                        function: operands[1],
                        name: literal_string(&operands[2..]),
                        interface: operands.get(2 + name_words..).unwrap_or(&[]).to_vec(),
                    });
                }
                op::EXECUTION_MODE | op::EXECUTION_MODE_ID if operands.len() > 1 => {
                    index.execution_modes.push(ExecutionMode {
                        entry_point: first,
                        mode: operands[1],
                        operands: operands[2..].to_vec(),
                        operands_are_ids: instruction.opcode == op::EXECUTION_MODE_ID,
                    });
                }
                op::CAPABILITY => index.capabilities.push(first),
                op::DECORATE if operands.len() > 1 => {
                    let entry = (operands[1], operands[2..].to_vec());
                    index.decorations.entry(first).or_default().push(entry);
                }
                op::MEMBER_DECORATE if operands.len() > 2 => {
                    let entry = (operands[2], operands[3..].to_vec());
                    let key = (first, operands[1]);
                    index.member_decorations.entry(key).or_default().push(entry);
                }
                op::CONSTANT | op::SPEC_CONSTANT if operands.len() > 2 => {
                    index.constants.insert(operands[1], operands[2]);
                }
                op::CONSTANT_COMPOSITE | op::SPEC_CONSTANT_COMPOSITE if operands.len() > 1 => {
                    index.composites.insert(operands[1], operands[2..].to_vec());
                }
                op::VARIABLE if operands.len() > 2 => index.variables.push(Variable {
                    id: operands[1],
                    pointer_type: first,
                    storage_class: operands[2],
                }),
                opcode => {
                    if let Some(ty) = read_type(opcode, operands) {
                        index.types.insert(first, ty);
                    }
                }
            }
        }
        index
    }

    /// The literal operands of `decoration` on `id`, if decorated so.
    pub fn decoration(&self, id: u32, decoration: u32) -> Option<&[u32]> {
        self.decorations
            .get(&id)?
            .iter()
            .find(|(kind, _)| *kind == decoration)
            .map(|(_, operands)| operands.as_slice())
    }

    pub fn decoration_literal(&self, id: u32, decoration: u32) -> Option<u32> {
        self.decoration(id, decoration)?.first().copied()
    }

    pub fn member_decoration_literal(&self, id: u32, member: u32, decoration: u32) -> Option<u32> {
        self.member_decorations
            .get(&(id, member))?
            .iter()
            .find(|(kind, _)| *kind == decoration)
            .and_then(|(_, operands)| operands.first().copied())
    }

    pub fn name(&self, id: u32) -> Option<&str> {
        self.names
            .get(&id)
            .map(String::as_str)
            .filter(|name| !name.is_empty())
    }

    /// The type a pointer type points at.
    pub fn pointee(&self, pointer_type: u32) -> Option<u32> {
        match self.types.get(&pointer_type)? {
            Type::Pointer { pointee, .. } => Some(*pointee),
            _ => None,
        }
    }

    /// A GLSL-like name for a type, for reflection: `vec4`, `uvec2`, `mat4`, `float[3]`.
    pub fn type_name(&self, id: u32) -> String {
        match self.types.get(&id) {
            Some(Type::Bool) => "bool".into(),
            Some(Type::Int {
                width_bits: 32,
                signed: true,
            }) => "int".into(),
            Some(Type::Int {
                width_bits: 32,
                signed: false,
            }) => "uint".into(),
            Some(Type::Int { width_bits, signed }) => {
                format!("{}{width_bits}", if *signed { "int" } else { "uint" })
            }
            Some(Type::Float { width_bits: 32 }) => "float".into(),
            Some(Type::Float { width_bits: 64 }) => "double".into(),
            Some(Type::Float { width_bits }) => format!("float{width_bits}"),
            Some(Type::Vector { component, count }) => {
                let prefix = match self.types.get(component) {
                    Some(Type::Int { signed: true, .. }) => "i",
                    Some(Type::Int { signed: false, .. }) => "u",
                    Some(Type::Bool) => "b",
                    Some(Type::Float { width_bits: 64 }) => "d",
                    _ => "",
                };
                format!("{prefix}vec{count}")
            }
            Some(Type::Matrix { column, count }) => match self.types.get(column) {
                Some(Type::Vector { count: rows, .. }) if rows == count => format!("mat{count}"),
                Some(Type::Vector { count: rows, .. }) => format!("mat{count}x{rows}"),
                _ => format!("mat{count}"),
            },
            Some(Type::Array { element, length_id }) => {
                let length = self.constants.get(length_id).copied().unwrap_or(0);
                format!("{}[{length}]", self.type_name(*element))
            }
            Some(Type::RuntimeArray { element }) => format!("{}[]", self.type_name(*element)),
            Some(Type::Struct { .. }) => {
                format!("struct {}", self.name(id).unwrap_or("(anonymous)"))
            }
            Some(Type::Pointer { pointee, .. }) => self.type_name(*pointee),
            _ => "(opaque)".into(),
        }
    }

    /// Size in bytes of a type laid out with explicit offsets and strides (buffer and
    /// push-constant blocks). `matrix_stride_b` comes from the enclosing struct member.
    pub fn size_b(&self, id: u32, matrix_stride_b: Option<u32>) -> Option<u32> {
        match self.types.get(&id)? {
            Type::Bool => Some(4),
            Type::Int { width_bits, .. } | Type::Float { width_bits } => Some(width_bits / 8),
            Type::Vector { component, count } => Some(self.size_b(*component, None)? * count),
            Type::Matrix { column, count } => match matrix_stride_b {
                Some(stride_b) => Some(stride_b * count),
                None => Some(self.size_b(*column, None)? * count),
            },
            Type::Array { element, length_id } => {
                let length = *self.constants.get(length_id)?;
                let stride_b = self
                    .decoration_literal(id, decoration::ARRAY_STRIDE)
                    .or_else(|| self.size_b(*element, matrix_stride_b))?;
                Some(stride_b * length)
            }
            Type::Struct { members } => {
                let mut end_b = 0;
                for (member, member_type) in members.iter().enumerate() {
                    let member = member as u32;
                    let offset_b = self
                        .member_decoration_literal(id, member, decoration::OFFSET)
                        .unwrap_or(end_b);
                    let stride_b =
                        self.member_decoration_literal(id, member, decoration::MATRIX_STRIDE);
                    end_b = end_b.max(offset_b + self.size_b(*member_type, stride_b)?);
                }
                Some(end_b)
            }
            _ => None,
        }
    }
}

fn read_type(opcode: u16, operands: &[u32]) -> Option<Type> {
    let at = |index: usize| operands.get(index).copied();
    Some(match opcode {
        op::TYPE_BOOL => Type::Bool,
        op::TYPE_INT => Type::Int {
            width_bits: at(1)?,
            signed: at(2)? != 0,
        },
        op::TYPE_FLOAT => Type::Float { width_bits: at(1)? },
        op::TYPE_VECTOR => Type::Vector {
            component: at(1)?,
            count: at(2)?,
        },
        op::TYPE_MATRIX => Type::Matrix {
            column: at(1)?,
            count: at(2)?,
        },
        op::TYPE_IMAGE => Type::Image {
            sampled_type: at(1)?,
            dim: at(2)?,
            depth: at(3)?,
            arrayed: at(4)? != 0,
            multisampled: at(5)? != 0,
            sampled: at(6)?,
        },
        op::TYPE_SAMPLER => Type::Sampler,
        op::TYPE_SAMPLED_IMAGE => Type::SampledImage { image: at(1)? },
        op::TYPE_ARRAY => Type::Array {
            element: at(1)?,
            length_id: at(2)?,
        },
        op::TYPE_RUNTIME_ARRAY => Type::RuntimeArray { element: at(1)? },
        op::TYPE_STRUCT => Type::Struct {
            members: operands[1..].to_vec(),
        },
        op::TYPE_POINTER => Type::Pointer {
            storage_class: at(1)?,
            pointee: at(2)?,
        },
        // Every other `OpType*` (19 to 39, and extension types such as acceleration
        // structures) is recorded so a resource of that type is named as unsupported.
        19..=39 | 4472 | 5341 => Type::Other(opcode),
        _ => return None,
    })
}
