//! Blending, colour write masks and the logic op.

coded_enum!(
    pub enum BlendFactor {
        Zero = 0,
        One = 1,
        SrcColor = 2,
        OneMinusSrcColor = 3,
        SrcAlpha = 4,
        OneMinusSrcAlpha = 5,
        DstAlpha = 6,
        OneMinusDstAlpha = 7,
        DstColor = 8,
        OneMinusDstColor = 9,
        SrcAlphaSaturate = 10,
        ConstantColor = 11,
        OneMinusConstantColor = 12,
        ConstantAlpha = 13,
        OneMinusConstantAlpha = 14,
        Src1Color = 15,
        OneMinusSrc1Color = 16,
        Src1Alpha = 17,
        OneMinusSrc1Alpha = 18,
    }
);

coded_enum!(
    pub enum BlendOp {
        Add = 0,
        Subtract = 1,
        ReverseSubtract = 2,
        Min = 3,
        Max = 4,
    }
);

coded_enum!(
    pub enum LogicOp {
        Clear = 0,
        And = 1,
        AndReverse = 2,
        Copy = 3,
        AndInverted = 4,
        Noop = 5,
        Xor = 6,
        Or = 7,
        Nor = 8,
        Equiv = 9,
        Invert = 10,
        OrReverse = 11,
        CopyInverted = 12,
        OrInverted = 13,
        Nand = 14,
        Set = 15,
    }
);

/// `result = src * src_factor (op) dst * dst_factor`, for colour or alpha.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlendEquation {
    pub src_factor: BlendFactor,
    pub dst_factor: BlendFactor,
    pub op: BlendOp,
}

impl BlendEquation {
    /// Writes the source unchanged.
    pub const REPLACE: BlendEquation = BlendEquation {
        src_factor: BlendFactor::One,
        dst_factor: BlendFactor::Zero,
        op: BlendOp::Add,
    };
    /// Classic `src * a + dst * (1 - a)`.
    pub const ALPHA: BlendEquation = BlendEquation {
        src_factor: BlendFactor::SrcAlpha,
        dst_factor: BlendFactor::OneMinusSrcAlpha,
        op: BlendOp::Add,
    };
}

/// Blending of one colour target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlendState {
    pub enabled: bool,
    pub color: BlendEquation,
    pub alpha: BlendEquation,
}

impl Default for BlendState {
    fn default() -> Self {
        BlendState {
            enabled: false,
            color: BlendEquation::REPLACE,
            alpha: BlendEquation::REPLACE,
        }
    }
}

/// Which of R, G, B, A a write or clear touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ComponentMask(pub u8);

impl ComponentMask {
    pub const R: ComponentMask = ComponentMask(1);
    pub const G: ComponentMask = ComponentMask(2);
    pub const B: ComponentMask = ComponentMask(4);
    pub const A: ComponentMask = ComponentMask(8);
    pub const NONE: ComponentMask = ComponentMask(0);
    pub const ALL: ComponentMask = ComponentMask(15);

    pub fn contains(self, other: ComponentMask) -> bool {
        self.0 & other.0 == other.0
    }
    /// Bits above A carry no meaning and are refused at record time.
    pub fn is_valid(self) -> bool {
        self.0 & !Self::ALL.0 == 0
    }
}

impl Default for ComponentMask {
    fn default() -> Self {
        ComponentMask::ALL
    }
}

impl std::ops::BitOr for ComponentMask {
    type Output = ComponentMask;
    fn bitor(self, rhs: ComponentMask) -> ComponentMask {
        ComponentMask(self.0 | rhs.0)
    }
}
