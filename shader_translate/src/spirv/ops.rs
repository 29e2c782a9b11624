//! The SPIR-V numbers this crate reads (from the SPIR-V specification's grammar).

pub const MAGIC: u32 = 0x0723_0203;

pub mod op {
    pub const UNDEF: u16 = 1;
    pub const SOURCE_CONTINUED: u16 = 2;
    pub const SOURCE: u16 = 3;
    pub const SOURCE_EXTENSION: u16 = 4;
    pub const NAME: u16 = 5;
    pub const MEMBER_NAME: u16 = 6;
    pub const STRING: u16 = 7;
    pub const LINE: u16 = 8;
    pub const EXTENSION: u16 = 10;
    pub const EXT_INST_IMPORT: u16 = 11;
    pub const EXT_INST: u16 = 12;
    pub const MEMORY_MODEL: u16 = 14;
    pub const ENTRY_POINT: u16 = 15;
    pub const EXECUTION_MODE: u16 = 16;
    pub const CAPABILITY: u16 = 17;
    pub const TYPE_BOOL: u16 = 20;
    pub const TYPE_INT: u16 = 21;
    pub const TYPE_FLOAT: u16 = 22;
    pub const TYPE_VECTOR: u16 = 23;
    pub const TYPE_MATRIX: u16 = 24;
    pub const TYPE_IMAGE: u16 = 25;
    pub const TYPE_SAMPLER: u16 = 26;
    pub const TYPE_SAMPLED_IMAGE: u16 = 27;
    pub const TYPE_ARRAY: u16 = 28;
    pub const TYPE_RUNTIME_ARRAY: u16 = 29;
    pub const TYPE_STRUCT: u16 = 30;
    pub const TYPE_POINTER: u16 = 32;
    pub const CONSTANT_TRUE: u16 = 41;
    pub const CONSTANT: u16 = 43;
    pub const CONSTANT_COMPOSITE: u16 = 44;
    pub const SPEC_CONSTANT: u16 = 50;
    pub const SPEC_CONSTANT_COMPOSITE: u16 = 51;
    pub const SPEC_CONSTANT_OP: u16 = 52;
    pub const FUNCTION: u16 = 54;
    pub const FUNCTION_CALL: u16 = 57;
    pub const VARIABLE: u16 = 59;
    pub const LOAD: u16 = 61;
    pub const STORE: u16 = 62;
    pub const COPY_MEMORY: u16 = 63;
    pub const COPY_MEMORY_SIZED: u16 = 64;
    pub const ACCESS_CHAIN: u16 = 65;
    pub const IN_BOUNDS_ACCESS_CHAIN: u16 = 66;
    pub const PTR_ACCESS_CHAIN: u16 = 67;
    pub const DECORATE: u16 = 71;
    pub const MEMBER_DECORATE: u16 = 72;
    pub const DECORATION_GROUP: u16 = 73;
    pub const GROUP_DECORATE: u16 = 74;
    pub const GROUP_MEMBER_DECORATE: u16 = 75;
    pub const VECTOR_SHUFFLE: u16 = 79;
    pub const COMPOSITE_EXTRACT: u16 = 81;
    pub const COMPOSITE_INSERT: u16 = 82;
    pub const COPY_OBJECT: u16 = 83;
    pub const SAMPLED_IMAGE: u16 = 86;
    pub const BITCAST: u16 = 124;
    pub const I_ADD: u16 = 128;
    pub const SELECT: u16 = 169;
    pub const SHIFT_RIGHT_LOGICAL: u16 = 194;
    pub const BITWISE_AND: u16 = 199;
    pub const PHI: u16 = 245;
    pub const LOOP_MERGE: u16 = 246;
    pub const SELECTION_MERGE: u16 = 247;
    pub const LABEL: u16 = 248;
    pub const BRANCH_CONDITIONAL: u16 = 250;
    pub const SWITCH: u16 = 251;
    pub const MODULE_PROCESSED: u16 = 330;
    pub const EXECUTION_MODE_ID: u16 = 331;
    pub const DECORATE_ID: u16 = 332;
    pub const DECORATE_STRING: u16 = 5632;
    pub const MEMBER_DECORATE_STRING: u16 = 5633;
}

pub mod decoration {
    pub const BLOCK: u32 = 2;
    pub const BUFFER_BLOCK: u32 = 3;
    pub const ARRAY_STRIDE: u32 = 6;
    pub const MATRIX_STRIDE: u32 = 7;
    pub const BUILT_IN: u32 = 11;
    pub const LOCATION: u32 = 30;
    pub const COMPONENT: u32 = 31;
    pub const BINDING: u32 = 33;
    pub const DESCRIPTOR_SET: u32 = 34;
    pub const OFFSET: u32 = 35;
    pub const NON_UNIFORM: u32 = 5300;
}

pub mod storage_class {
    pub const UNIFORM_CONSTANT: u32 = 0;
    pub const INPUT: u32 = 1;
    pub const UNIFORM: u32 = 2;
    pub const OUTPUT: u32 = 3;
    pub const PUSH_CONSTANT: u32 = 9;
    pub const STORAGE_BUFFER: u32 = 12;
}

pub mod execution_mode {
    pub const XFB: u32 = 11;
    pub const LOCAL_SIZE: u32 = 17;
    pub const LOCAL_SIZE_ID: u32 = 38;
}

pub mod capability {
    pub const GEOMETRY: u32 = 2;
    pub const TRANSFORM_FEEDBACK: u32 = 53;
    pub const GEOMETRY_STREAMS: u32 = 54;
    pub const SAMPLED_IMAGE_ARRAY_DYNAMIC_INDEXING: u32 = 29;
    pub const RUNTIME_DESCRIPTOR_ARRAY: u32 = 5302;
}

pub mod built_in {
    pub const WORKGROUP_SIZE: u32 = 25;
}

/// `OpTypeImage`'s Dim operand value for texel buffers.
pub const DIM_BUFFER: u32 = 5;
/// `OpTypeImage`'s Dim operand value for subpass inputs (input attachments).
pub const DIM_SUBPASS_DATA: u32 = 6;
