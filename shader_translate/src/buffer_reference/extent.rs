//! How many bytes an access through a physical storage buffer pointer touches: the extent
//! of its type under the module's explicit layout (`Offset`, `ArrayStride`,
//! `MatrixStride`, `RowMajor`), from the first byte to one past the last.

use std::collections::HashMap;

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{self, Op, Word};

/// A matrix's layout: the stride between its columns (rows when row-major) and which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct MatrixLayout {
    stride_b: u32,
    row_major: bool,
}

#[derive(Default)]
struct MemberLayout {
    offset_b: Option<u32>,
    matrix: Option<MatrixLayout>,
}

/// The module's types and layout decorations, and its functions' definitions (to follow a
/// pointer to a matrix back to the structure member that lays it out).
pub(super) struct Layouts {
    types: HashMap<Word, Instruction>,
    constants: HashMap<Word, u64>,
    array_stride_b: HashMap<Word, u32>,
    members: HashMap<(Word, u32), MemberLayout>,
    definitions: HashMap<Word, Instruction>,
}

impl Layouts {
    pub(super) fn new(module: &Module) -> Layouts {
        let mut layouts = Layouts {
            types: HashMap::new(),
            constants: HashMap::new(),
            array_stride_b: HashMap::new(),
            members: HashMap::new(),
            definitions: HashMap::new(),
        };
        for inst in &module.types_global_values {
            let Some(id) = inst.result_id else { continue };
            match inst.class.opcode {
                Op::Constant => {
                    let value = match inst.operands.first() {
                        Some(Operand::LiteralBit32(v)) => u64::from(*v),
                        Some(Operand::LiteralBit64(v)) => *v,
                        _ => continue,
                    };
                    layouts.constants.insert(id, value);
                }
                opcode if is_type(opcode) => {
                    layouts.types.insert(id, inst.clone());
                }
                _ => {}
            }
        }
        for inst in &module.annotations {
            let literal = |k: usize| match inst.operands.get(k) {
                Some(Operand::LiteralBit32(v)) => Some(*v),
                _ => None,
            };
            match (inst.class.opcode, inst.operands.as_slice()) {
                (Op::Decorate, [Operand::IdRef(id), Operand::Decoration(d), ..])
                    if *d == spirv::Decoration::ArrayStride =>
                {
                    if let Some(stride) = literal(2) {
                        layouts.array_stride_b.insert(*id, stride);
                    }
                }
                (
                    Op::MemberDecorate,
                    [Operand::IdRef(id), Operand::LiteralBit32(member), Operand::Decoration(d), ..],
                ) => {
                    let entry = layouts.members.entry((*id, *member)).or_default();
                    match d {
                        spirv::Decoration::Offset => entry.offset_b = literal(3),
                        spirv::Decoration::MatrixStride => {
                            let row_major = entry.matrix.is_some_and(|m| m.row_major);
                            entry.matrix = literal(3).map(|stride_b| MatrixLayout {
                                stride_b,
                                row_major,
                            });
                        }
                        spirv::Decoration::RowMajor => {
                            let stride_b = entry.matrix.map_or(0, |m| m.stride_b);
                            entry.matrix = Some(MatrixLayout {
                                stride_b,
                                row_major: true,
                            });
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        for function in &module.functions {
            let instructions = function
                .parameters
                .iter()
                .chain(function.blocks.iter().flat_map(|b| &b.instructions));
            for inst in instructions {
                if let Some(id) = inst.result_id {
                    layouts.definitions.insert(id, inst.clone());
                }
            }
        }
        layouts
    }

    /// The type that a pointer type points to, if `pointer_ty` is a pointer type.
    pub(super) fn pointee(&self, pointer_ty: Word) -> Option<Word> {
        let inst = self.types.get(&pointer_ty)?;
        match (inst.class.opcode, inst.operands.as_slice()) {
            (Op::TypePointer, [_, Operand::IdRef(pointee)]) => Some(*pointee),
            _ => None,
        }
    }

    /// The types of a composite's parts, where it has a physical pointer in it (its zero
    /// cannot be a null constant); `None` for any other type.
    pub(super) fn parts_with_pointers(&self, ty: Word) -> Option<Vec<Word>> {
        let inst = self.types.get(&ty)?;
        let parts: Vec<Word> = match inst.class.opcode {
            Op::TypeStruct => inst
                .operands
                .iter()
                .filter_map(|operand| match operand {
                    Operand::IdRef(id) => Some(*id),
                    _ => None,
                })
                .collect(),
            Op::TypeArray => match inst.operands.as_slice() {
                [Operand::IdRef(element), Operand::IdRef(length)] => {
                    vec![*element; *self.constants.get(length)? as usize]
                }
                _ => return None,
            },
            _ => return None,
        };
        let pointers = parts.iter().any(|part| {
            self.is_physical_pointer(*part) || self.parts_with_pointers(*part).is_some()
        });
        pointers.then_some(parts)
    }

    /// Whether `ty` is a pointer into physical storage buffer memory.
    pub(super) fn is_physical_pointer(&self, ty: Word) -> bool {
        matches!(
            self.types
                .get(&ty)
                .map(|i| (i.class.opcode, i.operands.first())),
            Some((
                Op::TypePointer,
                Some(Operand::StorageClass(
                    spirv::StorageClass::PhysicalStorageBuffer
                ))
            ))
        )
    }

    /// The result type of the value `id` defined in a function.
    pub(super) fn value_type(&self, id: Word) -> Option<Word> {
        self.definitions.get(&id).and_then(|inst| inst.result_type)
    }

    /// The bytes an access of `ty` through `pointer` touches.
    pub(super) fn access_extent_b(&self, pointer: Word, ty: Word) -> Result<u64, String> {
        let matrix = self.matrix_layout_of(pointer);
        self.extent_b(ty, matrix)
    }

    /// The extent of `ty`; `matrix` lays out the matrices in it (from the member that
    /// holds them).
    fn extent_b(&self, ty: Word, matrix: Option<MatrixLayout>) -> Result<u64, String> {
        let inst = self
            .types
            .get(&ty)
            .ok_or_else(|| format!("type %{ty} is not declared"))?;
        let id_operand = |k: usize| match inst.operands.get(k) {
            Some(Operand::IdRef(id)) => Ok(*id),
            _ => Err(format!("type %{ty} is malformed")),
        };
        let literal = |k: usize| match inst.operands.get(k) {
            Some(Operand::LiteralBit32(v)) => Ok(u64::from(*v)),
            _ => Err(format!("type %{ty} is malformed")),
        };
        match inst.class.opcode {
            Op::TypeInt | Op::TypeFloat => Ok(literal(0)? / 8),
            Op::TypePointer => Ok(8),
            Op::TypeVector => Ok(literal(1)? * self.extent_b(id_operand(0)?, None)?),
            Op::TypeMatrix => {
                let column = id_operand(0)?;
                let columns = literal(1)?;
                let (rows, scalar_b) = match self.types.get(&column).map(|c| &c.operands[..]) {
                    Some([Operand::IdRef(scalar), Operand::LiteralBit32(rows)]) => {
                        (u64::from(*rows), self.extent_b(*scalar, None)?)
                    }
                    _ => return Err(format!("matrix %{ty}'s column is not a vector")),
                };
                let layout = matrix.filter(|m| m.stride_b > 0).ok_or_else(|| {
                    format!("matrix %{ty} is accessed through a pointer without a MatrixStride")
                })?;
                let stride_b = u64::from(layout.stride_b);
                Ok(if layout.row_major {
                    (rows - 1) * stride_b + columns * scalar_b
                } else {
                    (columns - 1) * stride_b + rows * scalar_b
                })
            }
            Op::TypeArray => {
                let element = id_operand(0)?;
                let length = *self
                    .constants
                    .get(&id_operand(1)?)
                    .ok_or_else(|| format!("array %{ty}'s length is not a constant"))?;
                let stride_b = u64::from(
                    *self
                        .array_stride_b
                        .get(&ty)
                        .ok_or_else(|| format!("array %{ty} has no ArrayStride"))?,
                );
                if length == 0 {
                    return Ok(0);
                }
                Ok((length - 1) * stride_b + self.extent_b(element, matrix)?)
            }
            Op::TypeStruct => {
                let mut extent_b = 0;
                for (member, operand) in inst.operands.iter().enumerate() {
                    let Operand::IdRef(member_ty) = operand else {
                        return Err(format!("structure %{ty} is malformed"));
                    };
                    let layout = self.members.get(&(ty, member as u32));
                    let offset_b = layout.and_then(|l| l.offset_b).ok_or_else(|| {
                        format!("member {member} of structure %{ty} has no Offset")
                    })?;
                    let matrix = layout.and_then(|l| l.matrix);
                    extent_b =
                        extent_b.max(u64::from(offset_b) + self.extent_b(*member_ty, matrix)?);
                }
                Ok(extent_b)
            }
            other => Err(format!(
                "an access of a {other:?} through a buffer reference"
            )),
        }
    }

    /// The layout of the matrices `pointer` reaches: from the last structure member its
    /// access chains step into.
    fn matrix_layout_of(&self, pointer: Word) -> Option<MatrixLayout> {
        let inst = self.definitions.get(&pointer)?;
        let (skip, base) = match (inst.class.opcode, inst.operands.first()) {
            (Op::AccessChain | Op::InBoundsAccessChain, Some(Operand::IdRef(base))) => (1, *base),
            (Op::PtrAccessChain | Op::InBoundsPtrAccessChain, Some(Operand::IdRef(base))) => {
                (2, *base)
            }
            (Op::CopyObject, Some(Operand::IdRef(base))) => return self.matrix_layout_of(*base),
            _ => return None,
        };
        let mut layout = self.matrix_layout_of(base);
        let mut ty = self.pointee(self.value_type(base)?)?;
        for operand in &inst.operands[skip..] {
            let Operand::IdRef(index) = operand else {
                return None;
            };
            let current = self.types.get(&ty)?;
            ty = match current.class.opcode {
                Op::TypeStruct => {
                    let member = *self.constants.get(index)? as u32;
                    layout = self.members.get(&(ty, member)).and_then(|l| l.matrix);
                    match current.operands.get(member as usize)? {
                        Operand::IdRef(member_ty) => *member_ty,
                        _ => return None,
                    }
                }
                Op::TypeArray | Op::TypeRuntimeArray | Op::TypeMatrix | Op::TypeVector => {
                    match current.operands.first()? {
                        Operand::IdRef(element) => *element,
                        _ => return None,
                    }
                }
                _ => return None,
            };
        }
        layout
    }
}

fn is_type(opcode: Op) -> bool {
    matches!(
        opcode,
        Op::TypeVoid
            | Op::TypeBool
            | Op::TypeInt
            | Op::TypeFloat
            | Op::TypeVector
            | Op::TypeMatrix
            | Op::TypeArray
            | Op::TypeRuntimeArray
            | Op::TypeStruct
            | Op::TypePointer
            | Op::TypeFunction
    )
}
