//! A SPIR-V module as a header and a list of instructions: enough to read decorations and
//! types and to rewrite operands in place.

use super::ops::{op, MAGIC};

#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum ParseError {
    #[error("{0} bytes is not a whole number of 32-bit words")]
    NotWords(usize),
    #[error("shorter than the 5-word header")]
    NoHeader,
    #[error("does not start with the SPIR-V magic number")]
    BadMagic,
    #[error("instruction at word {0} runs past the end of the module")]
    Truncated(usize),
    #[error("instruction at word {0} has a word count of 0")]
    ZeroLength(usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instruction {
    pub opcode: u16,
    pub operands: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Module {
    pub header: [u32; 5],
    pub instructions: Vec<Instruction>,
}

impl Module {
    pub fn parse(words: &[u32]) -> Result<Self, ParseError> {
        let header: [u32; 5] = words
            .get(..5)
            .ok_or(ParseError::NoHeader)?
            .try_into()
            .expect("slice of five");
        if header[0] != MAGIC {
            return Err(ParseError::BadMagic);
        }
        let mut instructions = Vec::new();
        let mut at_word = 5;
        while at_word < words.len() {
            let first = words[at_word];
            let word_count = (first >> 16) as usize;
            if word_count == 0 {
                return Err(ParseError::ZeroLength(at_word));
            }
            let operands = words
                .get(at_word + 1..at_word + word_count)
                .ok_or(ParseError::Truncated(at_word))?;
            instructions.push(Instruction {
                opcode: (first & 0xffff) as u16,
                operands: operands.to_vec(),
            });
            at_word += word_count;
        }
        Ok(Module {
            header,
            instructions,
        })
    }

    pub fn to_words(&self) -> Vec<u32> {
        let mut words = self.header.to_vec();
        for instruction in &self.instructions {
            let word_count = instruction.operands.len() as u32 + 1;
            words.push((word_count << 16) | u32::from(instruction.opcode));
            words.extend_from_slice(&instruction.operands);
        }
        words
    }

    /// Adds `OpDecorate target decoration operands` beside the module's other decorations.
    pub fn insert_decoration(&mut self, target: u32, decoration: u32, literal: u32) {
        let at = self
            .instructions
            .iter()
            .position(|instruction| instruction.opcode == op::DECORATE)
            .unwrap_or(self.instructions.len());
        self.instructions.insert(
            at,
            Instruction {
                opcode: op::DECORATE,
                operands: vec![target, decoration, literal],
            },
        );
    }
}

/// The sections of a module's logical layout, in the order the specification requires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Section {
    Capability,
    Extension,
    ExtInstImport,
    MemoryModel,
    EntryPoint,
    ExecutionMode,
    /// `OpString`, `OpSource*`.
    DebugSource,
    /// `OpName`, `OpMemberName`.
    DebugName,
    DebugModuleProcessed,
    Annotation,
    /// Types, constants, global variables (and `OpLine`, `OpUndef` among them).
    Global,
    Function,
}

impl Section {
    /// The section an instruction before the first `OpFunction` belongs to.
    fn of_preamble(opcode: u16) -> Section {
        match opcode {
            op::CAPABILITY => Section::Capability,
            op::EXTENSION => Section::Extension,
            op::EXT_INST_IMPORT => Section::ExtInstImport,
            op::MEMORY_MODEL => Section::MemoryModel,
            op::ENTRY_POINT => Section::EntryPoint,
            op::EXECUTION_MODE | op::EXECUTION_MODE_ID => Section::ExecutionMode,
            op::STRING | op::SOURCE | op::SOURCE_CONTINUED | op::SOURCE_EXTENSION => {
                Section::DebugSource
            }
            op::NAME | op::MEMBER_NAME => Section::DebugName,
            op::MODULE_PROCESSED => Section::DebugModuleProcessed,
            op::DECORATE
            | op::MEMBER_DECORATE
            | op::DECORATION_GROUP
            | op::GROUP_DECORATE
            | op::GROUP_MEMBER_DECORATE
            | op::DECORATE_ID
            | op::DECORATE_STRING
            | op::MEMBER_DECORATE_STRING => Section::Annotation,
            op::FUNCTION => Section::Function,
            _ => Section::Global,
        }
    }
}

impl Module {
    /// Index of the first function's `OpFunction` (the module's length when it has none).
    pub fn functions_start(&self) -> usize {
        self.instructions
            .iter()
            .position(|instruction| instruction.opcode == op::FUNCTION)
            .unwrap_or(self.instructions.len())
    }

    /// Appends `instructions` at the end of `section`, keeping the layout's order.
    pub fn insert_in_section(&mut self, section: Section, instructions: Vec<Instruction>) {
        let functions_start = self.functions_start();
        let at = self.instructions[..functions_start]
            .iter()
            .position(|instruction| Section::of_preamble(instruction.opcode) > section)
            .unwrap_or(functions_start);
        self.instructions.splice(at..at, instructions);
    }
}

/// A module's bytes, little-endian, as a file or naga's reader wants them.
pub fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|word| word.to_le_bytes()).collect()
}

/// SPIR-V words from a file's bytes, either byte order.
pub fn words_from_bytes(bytes: &[u8]) -> Result<Vec<u32>, ParseError> {
    if !bytes.len().is_multiple_of(4) {
        return Err(ParseError::NotWords(bytes.len()));
    }
    let mut words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|chunk| u32::from_le_bytes(chunk.try_into().expect("chunk of four")))
        .collect();
    match words.first() {
        Some(&MAGIC) => {}
        Some(first) if first.swap_bytes() == MAGIC => {
            words.iter_mut().for_each(|word| *word = word.swap_bytes());
        }
        Some(_) => return Err(ParseError::BadMagic),
        None => return Err(ParseError::NoHeader),
    }
    Ok(words)
}

/// Decodes a SPIR-V literal string (UTF-8, nul-terminated, packed little-endian).
pub fn literal_string(words: &[u32]) -> String {
    let mut bytes = Vec::new();
    for word in words {
        for byte in word.to_le_bytes() {
            if byte == 0 {
                return String::from_utf8_lossy(&bytes).into_owned();
            }
            bytes.push(byte);
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Encodes a SPIR-V literal string: UTF-8, nul-terminated, zero-padded to whole words.
pub fn literal_string_to_words(text: &str) -> Vec<u32> {
    let mut bytes = text.as_bytes().to_vec();
    bytes.push(0);
    bytes.resize(bytes.len().next_multiple_of(4), 0);
    bytes
        .chunks_exact(4)
        .map(|chunk| u32::from_le_bytes(chunk.try_into().expect("chunk of four")))
        .collect()
}

/// Number of words a literal string occupies, its nul included.
pub fn literal_string_words(words: &[u32]) -> usize {
    words
        .iter()
        .position(|word| word.to_le_bytes().contains(&0))
        .map_or(words.len(), |index| index + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny_module() -> Vec<u32> {
        // Header, `OpCapability Shader`, `OpName %1 "ab"`.
        vec![
            MAGIC,
            0x0001_0300,
            0,
            2,
            0,
            (2 << 16) | 17,
            1,
            (3 << 16) | 5,
            1,
            u32::from_le_bytes(*b"ab\0\0"),
        ]
    }

    #[test]
    fn parse_and_write_round_trip() {
        let words = tiny_module();
        let module = Module::parse(&words).unwrap();
        assert_eq!(module.instructions.len(), 2);
        assert_eq!(literal_string(&module.instructions[1].operands[1..]), "ab");
        assert_eq!(module.to_words(), words);
    }

    #[test]
    fn literal_strings_round_trip() {
        for text in ["", "abc", "abcd", "SPV_EXT_descriptor_indexing"] {
            let words = literal_string_to_words(text);
            assert_eq!(words.len(), text.len() / 4 + 1);
            assert_eq!(literal_string(&words), text);
            assert_eq!(literal_string_words(&words), words.len());
        }
    }

    #[test]
    fn insertions_keep_the_layout_order() {
        let mut module = Module::parse(&tiny_module()).unwrap();
        let instruction = |opcode: u16| Instruction {
            opcode,
            operands: vec![1],
        };
        module.insert_in_section(Section::Annotation, vec![instruction(op::DECORATE)]);
        module.insert_in_section(Section::Capability, vec![instruction(op::CAPABILITY)]);
        module.insert_in_section(Section::DebugName, vec![instruction(op::NAME)]);
        let opcodes: Vec<u16> = module.instructions.iter().map(|i| i.opcode).collect();
        assert_eq!(
            opcodes,
            [
                op::CAPABILITY,
                op::CAPABILITY,
                op::NAME,
                op::NAME,
                op::DECORATE
            ]
        );
    }

    #[test]
    fn damaged_modules_are_errors() {
        let words = tiny_module();
        assert_eq!(Module::parse(&words[..8]), Err(ParseError::Truncated(7)));
        assert_eq!(Module::parse(&words[..3]), Err(ParseError::NoHeader));
        let mut zero = words.clone();
        zero[5] = 17;
        assert_eq!(Module::parse(&zero), Err(ParseError::ZeroLength(5)));
    }

    #[test]
    fn bytes_in_either_order() {
        let words = tiny_module();
        let little: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let big: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
        assert_eq!(words_from_bytes(&little).unwrap(), words);
        assert_eq!(words_from_bytes(&big).unwrap(), words);
        assert_eq!(words_from_bytes(&little[..7]), Err(ParseError::NotWords(7)));
    }
}
