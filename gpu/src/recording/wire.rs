//! Little-endian encoding of record payloads: a `Wire` impl per type, fields in order.
//! Decoding reads from one record's payload and never trusts a count further than the
//! bytes left can hold.

use crate::coded::{Coded, FlagSet};

/// Why a payload did not decode: what was expected, at which byte of the payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Malformed {
    pub at_b: usize,
    pub what: &'static str,
}

pub struct WireReader<'a> {
    bytes: &'a [u8],
    position_b: usize,
}

impl<'a> WireReader<'a> {
    pub fn new(bytes: &'a [u8]) -> WireReader<'a> {
        WireReader {
            bytes,
            position_b: 0,
        }
    }

    pub fn position_b(&self) -> usize {
        self.position_b
    }

    pub fn remaining_b(&self) -> usize {
        self.bytes.len() - self.position_b
    }

    pub fn fail(&self, what: &'static str) -> Malformed {
        Malformed {
            at_b: self.position_b,
            what,
        }
    }

    pub fn take_bytes(&mut self, len_b: usize, what: &'static str) -> Result<&'a [u8], Malformed> {
        if len_b > self.remaining_b() {
            return Err(self.fail(what));
        }
        let bytes = &self.bytes[self.position_b..self.position_b + len_b];
        self.position_b += len_b;
        Ok(bytes)
    }

    fn take_array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], Malformed> {
        let bytes = self.take_bytes(N, what)?;
        let mut array = [0; N];
        array.copy_from_slice(bytes);
        Ok(array)
    }

    /// A count of items each at least `min_item_b` bytes long, checked against what is
    /// left so a forged count cannot make a large allocation.
    pub fn take_count(
        &mut self,
        min_item_b: usize,
        what: &'static str,
    ) -> Result<usize, Malformed> {
        let count = u32::take(self)? as usize;
        if count.saturating_mul(min_item_b.max(1)) > self.remaining_b() {
            return Err(self.fail(what));
        }
        Ok(count)
    }

    /// Ends the payload: bytes left over mean it was not what its kind says.
    pub fn finish(self) -> Result<(), Malformed> {
        if self.remaining_b() == 0 {
            Ok(())
        } else {
            Err(self.fail("end of payload"))
        }
    }
}

pub trait Wire: Sized {
    /// The fewest bytes one encoded value takes (for count checks).
    const MIN_B: usize;
    fn put(&self, out: &mut Vec<u8>);
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed>;
}

macro_rules! wire_int {
    ($($ty:ty),*) => {$(
        impl Wire for $ty {
            const MIN_B: usize = std::mem::size_of::<$ty>();
            fn put(&self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
                Ok(<$ty>::from_le_bytes(reader.take_array(stringify!($ty))?))
            }
        }
    )*};
}

wire_int!(u8, u16, u32, u64, i32);

impl Wire for f32 {
    const MIN_B: usize = 4;
    fn put(&self, out: &mut Vec<u8>) {
        self.to_bits().put(out);
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        Ok(f32::from_bits(u32::take(reader)?))
    }
}

impl Wire for bool {
    const MIN_B: usize = 1;
    fn put(&self, out: &mut Vec<u8>) {
        out.push(u8::from(*self));
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        match u8::take(reader)? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(reader.fail("bool")),
        }
    }
}

impl<T: Wire, const N: usize> Wire for [T; N] {
    const MIN_B: usize = T::MIN_B * N;
    fn put(&self, out: &mut Vec<u8>) {
        for item in self {
            item.put(out);
        }
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let mut items = Vec::with_capacity(N);
        for _ in 0..N {
            items.push(T::take(reader)?);
        }
        match items.try_into() {
            Ok(array) => Ok(array),
            Err(_) => Err(reader.fail("array")),
        }
    }
}

impl<T: Wire> Wire for Vec<T> {
    const MIN_B: usize = 4;
    fn put(&self, out: &mut Vec<u8>) {
        // Payloads are at most u32::MAX bytes, so a count always fits.
        (self.len() as u32).put(out);
        for item in self {
            item.put(out);
        }
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let count = reader.take_count(T::MIN_B, "list count")?;
        let mut items = Vec::with_capacity(count);
        for _ in 0..count {
            items.push(T::take(reader)?);
        }
        Ok(items)
    }
}

impl<T: Wire> Wire for Option<T> {
    const MIN_B: usize = 1;
    fn put(&self, out: &mut Vec<u8>) {
        match self {
            None => out.push(0),
            Some(value) => {
                out.push(1);
                value.put(out);
            }
        }
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        match u8::take(reader)? {
            0 => Ok(None),
            1 => Ok(Some(T::take(reader)?)),
            _ => Err(reader.fail("option tag")),
        }
    }
}

/// Coded enums travel as their one-byte code.
impl<T: Coded> Wire for T {
    const MIN_B: usize = 1;
    fn put(&self, out: &mut Vec<u8>) {
        out.push(self.code());
    }
    fn take(reader: &mut WireReader<'_>) -> Result<Self, Malformed> {
        let code = u8::take(reader)?;
        T::from_code(code).ok_or_else(|| reader.fail(T::WHAT))
    }
}

/// Flag sets travel as their bits; unknown bits do not decode.
pub fn put_flags<F: FlagSet>(flags: F, out: &mut Vec<u8>) {
    flags.bits().put(out);
}

pub fn take_flags<F: FlagSet>(reader: &mut WireReader<'_>) -> Result<F, Malformed> {
    let bits = u32::take(reader)?;
    F::from_bits(bits).ok_or_else(|| reader.fail(F::WHAT))
}

/// Byte strings: a u32 length and the bytes.
pub fn put_bytes(bytes: &[u8], out: &mut Vec<u8>) {
    (bytes.len() as u32).put(out);
    out.extend_from_slice(bytes);
}

pub fn take_bytes<'a>(reader: &mut WireReader<'a>) -> Result<&'a [u8], Malformed> {
    let len_b = reader.take_count(1, "byte string length")?;
    reader.take_bytes(len_b, "byte string")
}

/// `wire_struct!(Type { a, b, c })`: the fields in order.
macro_rules! wire_struct {
    ($ty:ident { $($field:ident),+ $(,)? }) => {
        impl $crate::recording::wire::Wire for $ty {
            const MIN_B: usize = 0;
            fn put(&self, out: &mut Vec<u8>) {
                $($crate::recording::wire::Wire::put(&self.$field, out);)+
            }
            fn take(
                reader: &mut $crate::recording::wire::WireReader<'_>,
            ) -> Result<Self, $crate::recording::wire::Malformed> {
                Ok($ty { $($field: $crate::recording::wire::Wire::take(reader)?),+ })
            }
        }
    };
}

pub(crate) use wire_struct;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forged_counts_fail_before_allocating() {
        let mut bytes = Vec::new();
        u32::MAX.put(&mut bytes);
        let mut reader = WireReader::new(&bytes);
        let error = Vec::<u64>::take(&mut reader).unwrap_err();
        assert_eq!(error.what, "list count");
    }

    #[test]
    fn values_round_trip_and_leftovers_fail() {
        let value: (Vec<Option<u16>>, [f32; 2]) = (vec![Some(3), None], [1.5, -0.0]);
        let mut bytes = Vec::new();
        value.0.put(&mut bytes);
        value.1.put(&mut bytes);
        let mut reader = WireReader::new(&bytes);
        assert_eq!(Vec::<Option<u16>>::take(&mut reader).unwrap(), value.0);
        let floats = <[f32; 2]>::take(&mut reader).unwrap();
        assert_eq!(floats[1].to_bits(), (-0.0f32).to_bits());
        reader.finish().unwrap();
        let mut reader = WireReader::new(&[2]);
        assert_eq!(bool::take(&mut reader).unwrap_err().what, "bool");
        let reader = WireReader::new(&[0]);
        assert!(reader.finish().is_err());
    }
}
