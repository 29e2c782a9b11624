//! What a vertex program takes that neither its SPH nor its container says: the kind of
//! each generic attribute's values. On Maxwell the vertex fetch unit writes an
//! attribute's raw 32-bit words into `a[]` (an integer format's integers, a float or
//! normalized format's floats) and the program reinterprets them itself, so the binary
//! does not say; Vulkan instead requires each input's declared type to match its
//! format's kind. Hookshot translates a vertex program once per kinds mask its draws
//! bind, when a draw first needs it (float everywhere is the default translation).

/// The numeric kind of the values a vertex format delivers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum AttributeKind {
    /// Float, normalized and scaled formats: 32-bit floats.
    #[default]
    Float,
    /// Signed integer formats: sign-extended 32-bit integers.
    Sint,
    /// Unsigned integer formats: zero-extended 32-bit integers.
    Uint,
}

impl AttributeKind {
    /// The GLSL type name of a four-component input of this kind.
    pub fn glsl_vec4(self) -> &'static str {
        match self {
            AttributeKind::Float => "vec4",
            AttributeKind::Sint => "ivec4",
            AttributeKind::Uint => "uvec4",
        }
    }
}

/// The generic attributes (32 on Maxwell: `a[0x80..0x280]`).
pub const ATTRIBUTE_LOCATIONS: u32 = 32;

/// The kind of each of the 32 generic attribute locations, as two bit masks (a location
/// in neither is float).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct AttributeKinds {
    pub sint_locations: u32,
    pub uint_locations: u32,
}

impl AttributeKinds {
    /// Every location float: the default translation.
    pub const FLOAT: AttributeKinds = AttributeKinds {
        sint_locations: 0,
        uint_locations: 0,
    };

    /// The kind at `location` (float past the 32 generic attributes).
    pub fn get(self, location: u32) -> AttributeKind {
        let bit = 1u32.checked_shl(location).unwrap_or(0);
        if self.sint_locations & bit != 0 {
            AttributeKind::Sint
        } else if self.uint_locations & bit != 0 {
            AttributeKind::Uint
        } else {
            AttributeKind::Float
        }
    }

    /// `self` with `location` of `kind` (a location past the 32 is left out: no
    /// generic attribute has it).
    pub fn with(self, location: u32, kind: AttributeKind) -> AttributeKinds {
        let bit = 1u32.checked_shl(location).unwrap_or(0);
        let (sint, uint) = match kind {
            AttributeKind::Float => (0, 0),
            AttributeKind::Sint => (bit, 0),
            AttributeKind::Uint => (0, bit),
        };
        AttributeKinds {
            sint_locations: (self.sint_locations & !bit) | sint,
            uint_locations: (self.uint_locations & !bit) | uint,
        }
    }

    /// Whether every location is float (the default translation serves).
    pub fn is_float(self) -> bool {
        self == AttributeKinds::FLOAT
    }

    /// `self` restricted to `locations` (a mask): kinds at locations a program does not
    /// read change nothing in its translation.
    pub fn only(self, locations: u32) -> AttributeKinds {
        AttributeKinds {
            sint_locations: self.sint_locations & locations,
            uint_locations: self.uint_locations & locations,
        }
    }

    /// One number for the whole mask (sint in the low half, uint in the high), for
    /// cache keys and names.
    pub fn bits(self) -> u64 {
        u64::from(self.sint_locations) | (u64::from(self.uint_locations) << 32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_set_and_read_back_per_location() {
        let kinds = AttributeKinds::FLOAT
            .with(3, AttributeKind::Uint)
            .with(5, AttributeKind::Sint)
            .with(5, AttributeKind::Uint)
            .with(7, AttributeKind::Sint)
            .with(40, AttributeKind::Sint);
        assert_eq!(kinds.get(3), AttributeKind::Uint);
        assert_eq!(kinds.get(5), AttributeKind::Uint);
        assert_eq!(kinds.get(7), AttributeKind::Sint);
        assert_eq!(kinds.get(0), AttributeKind::Float);
        assert_eq!(kinds.get(40), AttributeKind::Float);
        assert_eq!(kinds.bits(), (1 << 7) | ((1 << 3 | 1 << 5) << 32));
        assert!(kinds.only(1).is_float());
        assert!(!kinds.is_float());
    }
}
