//! The module's types and constants the rewrite can reuse, and the new declarations,
//! decorations and names it adds (with fresh ids past the module's bound).
//!
//! spirv-val rejects a second identical `OpTypeInt` or `OpTypeSampler` (any duplicate
//! non-aggregate type), so those are always looked up first; pointers and constants are
//! reused too, to keep the module tidy.

use std::collections::HashMap;

use crate::spirv::module::{literal_string_to_words, Instruction, Section};
use crate::spirv::ops::op;
use crate::spirv::Module;

/// SPIR-V 1.4 lists every global variable in the entry points' interfaces, not only
/// inputs and outputs.
const VERSION_1_4: u32 = 0x0001_0400;

pub(super) struct Declarations {
    next_id: u32,
    version: u32,
    /// New types, constants and variables, each after what it refers to.
    globals: Vec<Instruction>,
    annotations: Vec<Instruction>,
    names: Vec<Instruction>,
    uint_type: Option<u32>,
    sampler_type: Option<u32>,
    pointer_types: HashMap<(u32, u32), u32>,
    /// `OpConstant`s by (type, value).
    constants: HashMap<(u32, u32), u32>,
}

impl Declarations {
    pub(super) fn new(module: &Module) -> Self {
        let mut declarations = Declarations {
            next_id: module.header[3],
            version: module.header[1],
            globals: Vec::new(),
            annotations: Vec::new(),
            names: Vec::new(),
            uint_type: None,
            sampler_type: None,
            pointer_types: HashMap::new(),
            constants: HashMap::new(),
        };
        let functions_start = module.functions_start();
        for instruction in &module.instructions[..functions_start] {
            let operands = &instruction.operands[..];
            match (instruction.opcode, operands) {
                (op::TYPE_INT, &[id, 32, 0]) => {
                    declarations.uint_type.get_or_insert(id);
                }
                (op::TYPE_SAMPLER, &[id]) => {
                    declarations.sampler_type.get_or_insert(id);
                }
                (op::TYPE_POINTER, &[id, class, pointee]) => {
                    declarations
                        .pointer_types
                        .entry((class, pointee))
                        .or_insert(id);
                }
                (op::CONSTANT, &[type_id, id, value]) => {
                    declarations.constants.entry((type_id, value)).or_insert(id);
                }
                _ => {}
            }
        }
        declarations
    }

    pub(super) fn fresh_id(&mut self) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Declares `opcode %result operands...` (a type or a global) and returns `%result`.
    fn declare(&mut self, opcode: u16, operands: &[u32]) -> u32 {
        let id = self.fresh_id();
        let mut all = vec![id];
        all.extend_from_slice(operands);
        self.globals.push(Instruction {
            opcode,
            operands: all,
        });
        id
    }

    /// A new type that may repeat one of the module's (arrays and structs may).
    pub(super) fn aggregate_type(&mut self, opcode: u16, operands: &[u32]) -> u32 {
        self.declare(opcode, operands)
    }

    pub(super) fn uint_type(&mut self) -> u32 {
        if let Some(id) = self.uint_type {
            return id;
        }
        let id = self.declare(op::TYPE_INT, &[32, 0]);
        self.uint_type = Some(id);
        id
    }

    pub(super) fn sampler_type(&mut self) -> u32 {
        if let Some(id) = self.sampler_type {
            return id;
        }
        let id = self.declare(op::TYPE_SAMPLER, &[]);
        self.sampler_type = Some(id);
        id
    }

    pub(super) fn pointer_type(&mut self, class: u32, pointee: u32) -> u32 {
        if let Some(&id) = self.pointer_types.get(&(class, pointee)) {
            return id;
        }
        let id = self.declare(op::TYPE_POINTER, &[class, pointee]);
        self.pointer_types.insert((class, pointee), id);
        id
    }

    pub(super) fn uint_constant(&mut self, value: u32) -> u32 {
        let uint = self.uint_type();
        if let Some(&id) = self.constants.get(&(uint, value)) {
            return id;
        }
        let id = self.fresh_id();
        self.globals.push(Instruction {
            opcode: op::CONSTANT,
            operands: vec![uint, id, value],
        });
        self.constants.insert((uint, value), id);
        id
    }

    /// A global `OpVariable` of `pointee` in `class`.
    pub(super) fn variable(&mut self, class: u32, pointee: u32) -> u32 {
        let pointer = self.pointer_type(class, pointee);
        let id = self.fresh_id();
        self.globals.push(Instruction {
            opcode: op::VARIABLE,
            operands: vec![pointer, id, class],
        });
        id
    }

    pub(super) fn decorate(&mut self, target: u32, decoration: u32, literals: &[u32]) {
        let mut operands = vec![target, decoration];
        operands.extend_from_slice(literals);
        self.annotations.push(Instruction {
            opcode: op::DECORATE,
            operands,
        });
    }

    pub(super) fn decorate_member(
        &mut self,
        target: u32,
        member: u32,
        decoration: u32,
        literal: u32,
    ) {
        self.annotations.push(Instruction {
            opcode: op::MEMBER_DECORATE,
            operands: vec![target, member, decoration, literal],
        });
    }

    pub(super) fn name(&mut self, target: u32, name: &str) {
        let mut operands = vec![target];
        operands.extend(literal_string_to_words(name));
        self.names.push(Instruction {
            opcode: op::NAME,
            operands,
        });
    }

    pub(super) fn name_member(&mut self, target: u32, member: u32, name: &str) {
        let mut operands = vec![target, member];
        operands.extend(literal_string_to_words(name));
        self.names.push(Instruction {
            opcode: op::MEMBER_NAME,
            operands,
        });
    }

    /// Puts everything declared into `module` in layout order, lists `new_variables` in
    /// the entry points' interfaces where the version asks for it, and raises the id bound.
    pub(super) fn insert_into(self, module: &mut Module, new_variables: &[u32]) {
        if self.version >= VERSION_1_4 {
            for instruction in &mut module.instructions {
                if instruction.opcode == op::ENTRY_POINT {
                    instruction.operands.extend_from_slice(new_variables);
                }
            }
        }
        module.insert_in_section(Section::DebugName, self.names);
        module.insert_in_section(Section::Annotation, self.annotations);
        module.insert_in_section(Section::Global, self.globals);
        module.header[3] = self.next_id;
    }
}
