//! The SPIR-V numbers this crate reads (from the SPIR-V specification's grammar).

pub const MAGIC: u32 = 0x0723_0203;

pub mod op {
    pub const NAME: u16 = 5;
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
    pub const CONSTANT: u16 = 43;
    pub const CONSTANT_COMPOSITE: u16 = 44;
    pub const SPEC_CONSTANT: u16 = 50;
    pub const SPEC_CONSTANT_COMPOSITE: u16 = 51;
    pub const VARIABLE: u16 = 59;
    pub const DECORATE: u16 = 71;
    pub const MEMBER_DECORATE: u16 = 72;
    pub const EXECUTION_MODE_ID: u16 = 331;
}

pub mod decoration {
    pub const BUFFER_BLOCK: u32 = 3;
    pub const ARRAY_STRIDE: u32 = 6;
    pub const MATRIX_STRIDE: u32 = 7;
    pub const BUILT_IN: u32 = 11;
    pub const LOCATION: u32 = 30;
    pub const COMPONENT: u32 = 31;
    pub const BINDING: u32 = 33;
    pub const DESCRIPTOR_SET: u32 = 34;
    pub const OFFSET: u32 = 35;
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
}

pub mod built_in {
    pub const WORKGROUP_SIZE: u32 = 25;
}

/// `OpTypeImage`'s Dim operand value for subpass inputs (input attachments).
pub const DIM_SUBPASS_DATA: u32 = 6;
