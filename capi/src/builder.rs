//! Builders are plain structs the caller owns: `hs*BuilderSetDefaults` fills one (and
//! sets its `magic`), setters change fields, `hs*Initialize` checks every field. A builder
//! that was never set to defaults is refused rather than read as garbage.

use crate::result::{CapiError, CapiResult};

/// What `hs*BuilderSetDefaults` puts in every builder's first field ("HSBL").
pub(crate) const BUILDER_MAGIC: u32 = 0x4853_424c;

/// Null and misalignment of a builder (or any plain struct argument).
pub(crate) fn check_builder_pointer<B>(builder: *const B) -> CapiResult<()> {
    if builder.is_null() {
        return Err(CapiError::argument("the builder is NULL"));
    }
    if !(builder as usize).is_multiple_of(std::mem::align_of::<B>()) {
        return Err(CapiError::argument(format!(
            "the builder ({builder:p}) is misaligned"
        )));
    }
    Ok(())
}

/// The builder at `builder`, once its pointer and its `magic` are checked.
///
/// # Safety
/// A non-null aligned `builder` points to a `B` whose first field is its `u32` magic.
pub(crate) unsafe fn check_builder<'a, B>(builder: *mut B) -> CapiResult<&'a mut B> {
    check_builder_pointer(builder.cast_const())?;
    // SAFETY: checked non-null and aligned; every builder starts with its u32 magic.
    let magic = unsafe { builder.cast::<u32>().read() };
    if magic != BUILDER_MAGIC {
        return Err(CapiError::argument(
            "the builder was not set to defaults (call its hs*BuilderSetDefaults first)",
        ));
    }
    // SAFETY: as above; the caller owns the builder for the call.
    Ok(unsafe { &mut *builder })
}

/// A plain struct argument (a view, a region, a state block): checked, then borrowed.
///
/// # Safety
/// A non-null aligned `value` points to a valid `T`.
pub(crate) unsafe fn check_struct<'a, T>(value: *const T, arg: &str) -> CapiResult<&'a T> {
    if value.is_null() {
        return Err(CapiError::argument(format!("{arg} is NULL")));
    }
    if !(value as usize).is_multiple_of(std::mem::align_of::<T>()) {
        return Err(CapiError::argument(format!(
            "{arg} ({value:p}) is misaligned"
        )));
    }
    // SAFETY: checked non-null and aligned; the caller promises a valid T.
    Ok(unsafe { &*value })
}

/// `count` plain structs at `values` (NULL allowed when `count` is 0). A `count` past
/// `max_count` is refused before anything is read or reserved for it.
///
/// # Safety
/// A non-null aligned `values` points to `count` valid `T`.
pub(crate) unsafe fn check_array<'a, T>(
    values: *const T,
    count: u32,
    max_count: usize,
    arg: &str,
) -> CapiResult<&'a [T]> {
    if count as usize > max_count {
        return Err(CapiError::OutOfRange(format!(
            "{count} {arg}; at most {max_count}"
        )));
    }
    if count == 0 {
        return Ok(&[]);
    }
    // SAFETY: passed on; the first element checks the pointer.
    unsafe { check_struct(values, arg) }?;
    // SAFETY: checked non-null and aligned; the caller promises `count` elements.
    Ok(unsafe { std::slice::from_raw_parts(values, count as usize) })
}

/// Writes an out-parameter.
///
/// # Safety
/// A non-null aligned `out` points to a writable `T`.
pub(crate) unsafe fn out_value<T>(out: *mut T, arg: &str, value: T) -> CapiResult<()> {
    check_out(out, arg)?;
    // SAFETY: checked non-null and aligned; the caller owns the place.
    unsafe { out.write(value) };
    Ok(())
}

/// Null and misalignment of an out-parameter, checked before the work that fills it.
pub(crate) fn check_out<T>(out: *mut T, arg: &str) -> CapiResult<()> {
    if out.is_null() {
        return Err(CapiError::argument(format!("{arg} is NULL")));
    }
    if !(out as usize).is_multiple_of(std::mem::align_of::<T>()) {
        return Err(CapiError::argument(format!(
            "{arg} ({out:p}) is misaligned"
        )));
    }
    Ok(())
}

/// A C enum value as one of `T`'s coded variants.
#[inline]
pub(crate) fn coded<T: gpu::Coded>(value: u32, arg: &str) -> CapiResult<T> {
    match known_code(value) {
        Some(coded) => Ok(coded),
        None => Err(not_coded(value, arg, T::WHAT)),
    }
}

/// `coded` for a short way, which builds no failure.
#[inline(always)]
pub(crate) fn known_code<T: gpu::Coded>(value: u32) -> Option<T> {
    u8::try_from(value).ok().and_then(T::from_code)
}

/// `coded`'s failure, out of the way of the commands that pass (one copy for every enum).
#[cold]
#[inline(never)]
fn not_coded(value: u32, arg: &str, what: &str) -> CapiError {
    CapiError::argument(format!("{arg} {value} is not a {what}"))
}

/// A C boolean (0 or 1; anything else is a mistake worth saying).
pub(crate) fn boolean(value: u32, arg: &str) -> CapiResult<bool> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(CapiError::argument(format!("{arg} is {value}, not 0 or 1"))),
    }
}

/// The whole of a builder setter: checks the builder, then `set` changes its fields.
///
/// # Safety
/// As `check_builder`.
#[inline]
pub(crate) unsafe fn set_field<B>(
    function: &'static str,
    builder: *mut B,
    set: impl FnOnce(&mut B),
) -> crate::result::HSresult {
    crate::guard::entry(function, || {
        // SAFETY: passed on from the caller.
        set(unsafe { check_builder(builder) }?);
        Ok(())
    })
}
