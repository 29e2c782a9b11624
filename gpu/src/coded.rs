//! Field-less enums with a fixed one-byte code each: the code is what the recording
//! format stores, so it never changes once given.

/// An enum whose variants have fixed byte codes.
pub trait Coded: Sized + Copy {
    /// What the enum is, for decode errors.
    const WHAT: &'static str;
    fn code(self) -> u8;
    fn from_code(code: u8) -> Option<Self>;
}

/// `coded_enum!(/// doc
/// pub enum Name { A = 0, B = 1 })` defines the enum and its `Coded` impl.
macro_rules! coded_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $($(#[$vmeta:meta])* $variant:ident = $code:literal),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vmeta])* $variant = $code),+ }

        impl $crate::coded::Coded for $name {
            const WHAT: &'static str = stringify!($name);
            fn code(self) -> u8 {
                self as u8
            }
            // Inlined: the C ABI converts an argument with it on every command.
            #[inline]
            fn from_code(code: u8) -> Option<Self> {
                match code {
                    $($code => Some($name::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

/// A set of named bits over an integer. Bits without a name are refused by
/// `from_bits`, so a decoded set holds only known flags.
pub trait FlagSet: Sized + Copy {
    const WHAT: &'static str;
    fn bits(self) -> u32;
    fn from_bits(bits: u32) -> Option<Self>;
}

/// `flag_set!(/// doc
/// pub struct Name { A = 1, B = 2 })` defines the set, its constants, `|`, and `contains`.
macro_rules! flag_set {
    (
        $(#[$meta:meta])*
        pub struct $name:ident { $($(#[$cmeta:meta])* $flag:ident = $bit:literal),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name(u32);

        impl $name {
            $($(#[$cmeta])* pub const $flag: $name = $name($bit);)+
            pub const NONE: $name = $name(0);
            const KNOWN: u32 = 0 $(| $bit)+;

            pub fn contains(self, other: $name) -> bool {
                self.0 & other.0 == other.0
            }
            pub fn intersects(self, other: $name) -> bool {
                self.0 & other.0 != 0
            }
            pub fn is_empty(self) -> bool {
                self.0 == 0
            }
        }

        impl std::ops::BitOr for $name {
            type Output = $name;
            fn bitor(self, rhs: $name) -> $name {
                $name(self.0 | rhs.0)
            }
        }

        impl $crate::coded::FlagSet for $name {
            const WHAT: &'static str = stringify!($name);
            fn bits(self) -> u32 {
                self.0
            }
            fn from_bits(bits: u32) -> Option<$name> {
                (bits & !Self::KNOWN == 0).then_some($name(bits))
            }
        }
    };
}
