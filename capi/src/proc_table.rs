//! `hsGetProcAddress`: every entry point by name, for ports that load the renderer
//! dynamically. `tests/header.rs` checks that every function of the header is here.

use std::ffi::{c_char, CStr};

use crate::*;

/// Any entry point; cast it to its real type before calling it.
pub type HSgenericFuncPtr = Option<unsafe extern "C" fn()>;

/// The entry point called `name` (e.g. "hsQueueSubmitCommands"); NULL for a name that
/// is none (or a NULL `name`).
#[no_mangle]
pub unsafe extern "C" fn hsGetProcAddress(name: *const c_char) -> HSgenericFuncPtr {
    let found = std::panic::catch_unwind(|| {
        if name.is_null() {
            return None;
        }
        // SAFETY: the caller gives a NUL-terminated string.
        let name = unsafe { CStr::from_ptr(name) }.to_str().ok()?;
        entry_point(name)
    });
    found.ok().flatten()
}

/// The address of the entry point `name`.
pub(crate) fn entry_point(name: &str) -> HSgenericFuncPtr {
    let address: *const () = match name {
        "hsBufferBuilderSetDefaults" => hsBufferBuilderSetDefaults as *const (),
        "hsBufferBuilderSetDevice" => hsBufferBuilderSetDevice as *const (),
        "hsBufferBuilderSetStorage" => hsBufferBuilderSetStorage as *const (),
        "hsBufferFinalize" => hsBufferFinalize as *const (),
        "hsBufferGetAddress" => hsBufferGetAddress as *const (),
        "hsBufferGetSize" => hsBufferGetSize as *const (),
        "hsBufferInitialize" => hsBufferInitialize as *const (),
        "hsCommandBufferBarrier" => hsCommandBufferBarrier as *const (),
        "hsCommandBufferBeginRecording" => hsCommandBufferBeginRecording as *const (),
        "hsCommandBufferBeginTransformFeedbackAddress" => {
            hsCommandBufferBeginTransformFeedbackAddress as *const ()
        }
        "hsCommandBufferBindImage" => hsCommandBufferBindImage as *const (),
        "hsCommandBufferBindIndexBuffer" => hsCommandBufferBindIndexBuffer as *const (),
        "hsCommandBufferBindIndexBufferAddress" => {
            hsCommandBufferBindIndexBufferAddress as *const ()
        }
        "hsCommandBufferBindProgram" => hsCommandBufferBindProgram as *const (),
        "hsCommandBufferBindStorageBuffer" => hsCommandBufferBindStorageBuffer as *const (),
        "hsCommandBufferBindStorageBufferAddress" => {
            hsCommandBufferBindStorageBufferAddress as *const ()
        }
        "hsCommandBufferBindTexture" => hsCommandBufferBindTexture as *const (),
        "hsCommandBufferBindTransformFeedbackBufferAddress" => {
            hsCommandBufferBindTransformFeedbackBufferAddress as *const ()
        }
        "hsCommandBufferBindUniformBuffer" => hsCommandBufferBindUniformBuffer as *const (),
        "hsCommandBufferBindUniformBufferAddress" => {
            hsCommandBufferBindUniformBufferAddress as *const ()
        }
        "hsCommandBufferBindVertexBuffer" => hsCommandBufferBindVertexBuffer as *const (),
        "hsCommandBufferBindVertexBufferAddress" => {
            hsCommandBufferBindVertexBufferAddress as *const ()
        }
        "hsCommandBufferClearBufferAddress" => hsCommandBufferClearBufferAddress as *const (),
        "hsCommandBufferClearColor" => hsCommandBufferClearColor as *const (),
        "hsCommandBufferClearColori" => hsCommandBufferClearColori as *const (),
        "hsCommandBufferClearColorui" => hsCommandBufferClearColorui as *const (),
        "hsCommandBufferClearCommands" => hsCommandBufferClearCommands as *const (),
        "hsCommandBufferClearDepthStencil" => hsCommandBufferClearDepthStencil as *const (),
        "hsCommandBufferCopyBufferToBuffer" => hsCommandBufferCopyBufferToBuffer as *const (),
        "hsCommandBufferCopyBufferToBufferAddress" => {
            hsCommandBufferCopyBufferToBufferAddress as *const ()
        }
        "hsCommandBufferCopyBufferToTexture" => hsCommandBufferCopyBufferToTexture as *const (),
        "hsCommandBufferCopyBufferToTextureAddress" => {
            hsCommandBufferCopyBufferToTextureAddress as *const ()
        }
        "hsCommandBufferCopyTextureToBuffer" => hsCommandBufferCopyTextureToBuffer as *const (),
        "hsCommandBufferCopyTextureToBufferAddress" => {
            hsCommandBufferCopyTextureToBufferAddress as *const ()
        }
        "hsCommandBufferCopyTextureToTexture" => hsCommandBufferCopyTextureToTexture as *const (),
        "hsCommandBufferDiscardColor" => hsCommandBufferDiscardColor as *const (),
        "hsCommandBufferDiscardDepthStencil" => hsCommandBufferDiscardDepthStencil as *const (),
        "hsCommandBufferDispatchCompute" => hsCommandBufferDispatchCompute as *const (),
        "hsCommandBufferDispatchComputeIndirect" => {
            hsCommandBufferDispatchComputeIndirect as *const ()
        }
        "hsCommandBufferDispatchComputeIndirectAddress" => {
            hsCommandBufferDispatchComputeIndirectAddress as *const ()
        }
        "hsCommandBufferDrawArrays" => hsCommandBufferDrawArrays as *const (),
        "hsCommandBufferDrawArraysInstanced" => hsCommandBufferDrawArraysInstanced as *const (),
        "hsCommandBufferDrawElements" => hsCommandBufferDrawElements as *const (),
        "hsCommandBufferDrawIndirect" => hsCommandBufferDrawIndirect as *const (),
        "hsCommandBufferDrawIndirectAddress" => hsCommandBufferDrawIndirectAddress as *const (),
        "hsCommandBufferEndRecording" => hsCommandBufferEndRecording as *const (),
        "hsCommandBufferEndTransformFeedbackAddress" => {
            hsCommandBufferEndTransformFeedbackAddress as *const ()
        }
        "hsCommandBufferFenceSync" => hsCommandBufferFenceSync as *const (),
        "hsCommandBufferFinalize" => hsCommandBufferFinalize as *const (),
        "hsCommandBufferInitialize" => hsCommandBufferInitialize as *const (),
        "hsCommandBufferPauseTransformFeedbackAddress" => {
            hsCommandBufferPauseTransformFeedbackAddress as *const ()
        }
        "hsCommandBufferReportCounterAddress" => hsCommandBufferReportCounterAddress as *const (),
        "hsCommandBufferReportValueAddress" => hsCommandBufferReportValueAddress as *const (),
        "hsCommandBufferResumeTransformFeedbackAddress" => {
            hsCommandBufferResumeTransformFeedbackAddress as *const ()
        }
        "hsCommandBufferSetBlendColor" => hsCommandBufferSetBlendColor as *const (),
        "hsCommandBufferSetBlendState" => hsCommandBufferSetBlendState as *const (),
        "hsCommandBufferSetColorWriteMasks" => hsCommandBufferSetColorWriteMasks as *const (),
        "hsCommandBufferSetDepthStencilState" => hsCommandBufferSetDepthStencilState as *const (),
        "hsCommandBufferSetLogicOp" => hsCommandBufferSetLogicOp as *const (),
        "hsCommandBufferSetPolygonOffset" => hsCommandBufferSetPolygonOffset as *const (),
        "hsCommandBufferSetPrimitiveRestart" => hsCommandBufferSetPrimitiveRestart as *const (),
        "hsCommandBufferSetRasterizerState" => hsCommandBufferSetRasterizerState as *const (),
        "hsCommandBufferSetRenderEnableConditionalAddress" => {
            hsCommandBufferSetRenderEnableConditionalAddress as *const ()
        }
        "hsCommandBufferSetRenderTargets" => hsCommandBufferSetRenderTargets as *const (),
        "hsCommandBufferSetSamplerPool" => hsCommandBufferSetSamplerPool as *const (),
        "hsCommandBufferSetScissors" => hsCommandBufferSetScissors as *const (),
        "hsCommandBufferSetTexturePool" => hsCommandBufferSetTexturePool as *const (),
        "hsCommandBufferSetVertexAttributes" => hsCommandBufferSetVertexAttributes as *const (),
        "hsCommandBufferSetVertexStreams" => hsCommandBufferSetVertexStreams as *const (),
        "hsCommandBufferSetViewports" => hsCommandBufferSetViewports as *const (),
        "hsCommandBufferUpdateUniformBufferAddress" => {
            hsCommandBufferUpdateUniformBufferAddress as *const ()
        }
        "hsCommandBufferWaitSync" => hsCommandBufferWaitSync as *const (),
        "hsDeviceBuilderSetDefaults" => hsDeviceBuilderSetDefaults as *const (),
        "hsDeviceBuilderSetRecordingPath" => hsDeviceBuilderSetRecordingPath as *const (),
        "hsDeviceBuilderSetSwitch" => hsDeviceBuilderSetSwitch as *const (),
        "hsDeviceFinalize" => hsDeviceFinalize as *const (),
        "hsDeviceGetHostPageSize" => hsDeviceGetHostPageSize as *const (),
        "hsDeviceGetImageHandle" => hsDeviceGetImageHandle as *const (),
        "hsDeviceGetTextureHandle" => hsDeviceGetTextureHandle as *const (),
        "hsDeviceGetValidationErrorCount" => hsDeviceGetValidationErrorCount as *const (),
        "hsDeviceInitialize" => hsDeviceInitialize as *const (),
        "hsDeviceInstallDebugCallback" => hsDeviceInstallDebugCallback as *const (),
        "hsGetProcAddress" => hsGetProcAddress as *const (),
        "hsMaxwellSlotMapSetDefaults" => hsMaxwellSlotMapSetDefaults as *const (),
        "hsMemoryPoolBuilderSetDefaults" => hsMemoryPoolBuilderSetDefaults as *const (),
        "hsMemoryPoolBuilderSetDevice" => hsMemoryPoolBuilderSetDevice as *const (),
        "hsMemoryPoolBuilderSetFlags" => hsMemoryPoolBuilderSetFlags as *const (),
        "hsMemoryPoolBuilderSetSize" => hsMemoryPoolBuilderSetSize as *const (),
        "hsMemoryPoolBuilderSetStorage" => hsMemoryPoolBuilderSetStorage as *const (),
        "hsCommandBufferSetDepthMode" => hsCommandBufferSetDepthMode as *const (),
        "hsCommandBufferSetWindowOrigin" => hsCommandBufferSetWindowOrigin as *const (),
        "hsCommandBufferSetClipYAxis" => hsCommandBufferSetClipYAxis as *const (),
        "hsRasterizerStateSetDefaults" => hsRasterizerStateSetDefaults as *const (),
        "hsPolygonOffsetSetDefaults" => hsPolygonOffsetSetDefaults as *const (),
        "hsStencilFaceSetDefaults" => hsStencilFaceSetDefaults as *const (),
        "hsDepthStencilStateSetDefaults" => hsDepthStencilStateSetDefaults as *const (),
        "hsBlendStateSetDefaults" => hsBlendStateSetDefaults as *const (),
        "hsVertexStreamSetDefaults" => hsVertexStreamSetDefaults as *const (),
        "hsCommandBufferSetProvokingVertex" => hsCommandBufferSetProvokingVertex as *const (),
        "hsCommandBufferSetDepthBounds" => hsCommandBufferSetDepthBounds as *const (),
        "hsCommandBufferSetPatchSize" => hsCommandBufferSetPatchSize as *const (),
        "hsCommandBufferBindTransformFeedbackBuffer" => {
            hsCommandBufferBindTransformFeedbackBuffer as *const ()
        }
        "hsCommandBufferBeginTransformFeedback" => {
            hsCommandBufferBeginTransformFeedback as *const ()
        }
        "hsCommandBufferPauseTransformFeedback" => {
            hsCommandBufferPauseTransformFeedback as *const ()
        }
        "hsCommandBufferResumeTransformFeedback" => {
            hsCommandBufferResumeTransformFeedback as *const ()
        }
        "hsCommandBufferEndTransformFeedback" => hsCommandBufferEndTransformFeedback as *const (),
        "hsCommandBufferSetInnerTessellationLevels" => {
            hsCommandBufferSetInnerTessellationLevels as *const ()
        }
        "hsCommandBufferSetOuterTessellationLevels" => {
            hsCommandBufferSetOuterTessellationLevels as *const ()
        }
        "hsCommandBufferSetProgramPointSize" => hsCommandBufferSetProgramPointSize as *const (),
        "hsCommandBufferSetAlphaTest" => hsCommandBufferSetAlphaTest as *const (),
        "hsCommandBufferSetColorState" => hsCommandBufferSetColorState as *const (),
        "hsColorStateSetDefaults" => hsColorStateSetDefaults as *const (),
        "hsCommandBufferSetSmoothing" => hsCommandBufferSetSmoothing as *const (),
        "hsCommandBufferUpdateUniformBuffer" => hsCommandBufferUpdateUniformBuffer as *const (),
        "hsCommandBufferReportCounter" => hsCommandBufferReportCounter as *const (),
        "hsCommandBufferReportValue" => hsCommandBufferReportValue as *const (),
        "hsCommandBufferResetCounter" => hsCommandBufferResetCounter as *const (),
        "hsCommandBufferSetRenderEnable" => hsCommandBufferSetRenderEnable as *const (),
        "hsCommandBufferSetRenderEnableConditional" => {
            hsCommandBufferSetRenderEnableConditional as *const ()
        }
        // Issue 17, clears outside passes.
        "hsCommandBufferClearBuffer" => hsCommandBufferClearBuffer as *const (),
        "hsCommandBufferClearTexture" => hsCommandBufferClearTexture as *const (),
        "hsCommandBufferClearTexturei" => hsCommandBufferClearTexturei as *const (),
        "hsCommandBufferClearTextureui" => hsCommandBufferClearTextureui as *const (),
        "hsCommandBufferClearTextureDepthStencil" => {
            hsCommandBufferClearTextureDepthStencil as *const ()
        }
        // Issue 17, debug groups and labels.
        "hsCommandBufferPushDebugGroup" => hsCommandBufferPushDebugGroup as *const (),
        "hsCommandBufferPopDebugGroup" => hsCommandBufferPopDebugGroup as *const (),
        "hsCommandBufferInsertDebugMarker" => hsCommandBufferInsertDebugMarker as *const (),
        // Issue 18, resolves.
        "hsCommandBufferDownsample" => hsCommandBufferDownsample as *const (),
        "hsCommandBufferSetMultisampleState" => hsCommandBufferSetMultisampleState as *const (),
        "hsCommandBufferSetSampleLocations" => hsCommandBufferSetSampleLocations as *const (),
        "hsCommandBufferResolveDepth" => hsCommandBufferResolveDepth as *const (),
        "hsGetHostPageSize" => hsGetHostPageSize as *const (),
        "hsGetVersion" => hsGetVersion as *const (),
        "hsDeviceGetStats" => hsDeviceGetStats as *const (),
        "hsDeviceGetPipelineStats" => hsDeviceGetPipelineStats as *const (),
        "hsDeviceBuilderSetTitle" => hsDeviceBuilderSetTitle as *const (),
        "hsMemoryPoolCopy" => hsMemoryPoolCopy as *const (),
        "hsMemoryPoolFinalize" => hsMemoryPoolFinalize as *const (),
        "hsMemoryPoolFlushMappedRange" => hsMemoryPoolFlushMappedRange as *const (),
        "hsMemoryPoolGetBufferAddress" => hsMemoryPoolGetBufferAddress as *const (),
        "hsMemoryPoolGetSize" => hsMemoryPoolGetSize as *const (),
        "hsMemoryPoolInitialize" => hsMemoryPoolInitialize as *const (),
        "hsMemoryPoolInvalidateMappedRange" => hsMemoryPoolInvalidateMappedRange as *const (),
        "hsMemoryPoolMap" => hsMemoryPoolMap as *const (),
        "hsMemoryPoolMapVirtual" => hsMemoryPoolMapVirtual as *const (),
        "hsTextureGetStorageClass" => hsTextureGetStorageClass as *const (),
        "hsDeviceGetVirtualPoolPath" => hsDeviceGetVirtualPoolPath as *const (),
        "hsDeviceGetVirtualPoolPathDescription" => {
            hsDeviceGetVirtualPoolPathDescription as *const ()
        }
        "hsMemoryPoolRead" => hsMemoryPoolRead as *const (),
        "hsMemoryPoolWrite" => hsMemoryPoolWrite as *const (),
        "hsProgramFinalize" => hsProgramFinalize as *const (),
        "hsProgramInitialize" => hsProgramInitialize as *const (),
        "hsProgramSetCompiledShaders" => hsProgramSetCompiledShaders as *const (),
        "hsProgramSetCompiledShadersWithImageFormats" => {
            hsProgramSetCompiledShadersWithImageFormats as *const ()
        }
        "hsProgramSetShaders" => hsProgramSetShaders as *const (),
        "hsProgramGetMissTag" => hsProgramGetMissTag as *const (),
        "hsQueueFenceSync" => hsQueueFenceSync as *const (),
        "hsQueueFinalize" => hsQueueFinalize as *const (),
        "hsQueueFinish" => hsQueueFinish as *const (),
        "hsQueueFlush" => hsQueueFlush as *const (),
        "hsQueueInitialize" => hsQueueInitialize as *const (),
        "hsQueuePresentTexture" => hsQueuePresentTexture as *const (),
        "hsQueueSubmitCommands" => hsQueueSubmitCommands as *const (),
        "hsQueueWaitSync" => hsQueueWaitSync as *const (),
        "hsSamplerBuilderSetBorderColor" => hsSamplerBuilderSetBorderColor as *const (),
        "hsSamplerBuilderSetCompare" => hsSamplerBuilderSetCompare as *const (),
        "hsSamplerBuilderSetDefaults" => hsSamplerBuilderSetDefaults as *const (),
        "hsSamplerBuilderSetDevice" => hsSamplerBuilderSetDevice as *const (),
        "hsSamplerBuilderSetLodBias" => hsSamplerBuilderSetLodBias as *const (),
        "hsSamplerBuilderSetLodClamp" => hsSamplerBuilderSetLodClamp as *const (),
        "hsSamplerBuilderSetMaxAnisotropy" => hsSamplerBuilderSetMaxAnisotropy as *const (),
        "hsSamplerBuilderSetMinMagFilter" => hsSamplerBuilderSetMinMagFilter as *const (),
        "hsSamplerBuilderSetWrapMode" => hsSamplerBuilderSetWrapMode as *const (),
        "hsSamplerFinalize" => hsSamplerFinalize as *const (),
        "hsSamplerInitialize" => hsSamplerInitialize as *const (),
        "hsSamplerPoolFinalize" => hsSamplerPoolFinalize as *const (),
        "hsSamplerPoolInitialize" => hsSamplerPoolInitialize as *const (),
        "hsSamplerPoolRegisterSampler" => hsSamplerPoolRegisterSampler as *const (),
        "hsSyncFinalize" => hsSyncFinalize as *const (),
        "hsSyncInitialize" => hsSyncInitialize as *const (),
        "hsSyncWait" => hsSyncWait as *const (),
        "hsTextureBuilderGetStorageAlignment" => hsTextureBuilderGetStorageAlignment as *const (),
        "hsTextureBuilderGetStorageSize" => hsTextureBuilderGetStorageSize as *const (),
        "hsTextureBuilderSetBlockHeight" => hsTextureBuilderSetBlockHeight as *const (),
        "hsTextureBuilderSetDefaults" => hsTextureBuilderSetDefaults as *const (),
        "hsTextureBuilderSetDevice" => hsTextureBuilderSetDevice as *const (),
        "hsTextureBuilderSetFlags" => hsTextureBuilderSetFlags as *const (),
        "hsTextureBuilderSetFormat" => hsTextureBuilderSetFormat as *const (),
        "hsTextureBuilderSetLevels" => hsTextureBuilderSetLevels as *const (),
        "hsTextureBuilderSetSamples" => hsTextureBuilderSetSamples as *const (),
        "hsTextureBuilderSetSize2D" => hsTextureBuilderSetSize2D as *const (),
        "hsTextureBuilderSetSize3D" => hsTextureBuilderSetSize3D as *const (),
        "hsTextureBuilderSetStorage" => hsTextureBuilderSetStorage as *const (),
        "hsTextureBuilderSetTarget" => hsTextureBuilderSetTarget as *const (),
        "hsTextureFinalize" => hsTextureFinalize as *const (),
        "hsTextureInitialize" => hsTextureInitialize as *const (),
        "hsTexturePoolFinalize" => hsTexturePoolFinalize as *const (),
        "hsTexturePoolInitialize" => hsTexturePoolInitialize as *const (),
        "hsTexturePoolRegisterImage" => hsTexturePoolRegisterImage as *const (),
        "hsTexturePoolRegisterTexture" => hsTexturePoolRegisterTexture as *const (),
        "hsTextureViewSetDefaults" => hsTextureViewSetDefaults as *const (),
        "hsTextureViewSetDepthStencilMode" => hsTextureViewSetDepthStencilMode as *const (),
        "hsTextureViewSetFormat" => hsTextureViewSetFormat as *const (),
        "hsTextureViewSetLayers" => hsTextureViewSetLayers as *const (),
        "hsTextureViewSetLevels" => hsTextureViewSetLevels as *const (),
        "hsTextureViewSetSwizzle" => hsTextureViewSetSwizzle as *const (),
        "hsTextureViewSetTarget" => hsTextureViewSetTarget as *const (),
        "hsWindowAcquireTexture" => hsWindowAcquireTexture as *const (),
        "hsWindowBuilderSetDefaults" => hsWindowBuilderSetDefaults as *const (),
        "hsWindowBuilderSetDevice" => hsWindowBuilderSetDevice as *const (),
        "hsWindowBuilderSetNativeWindow" => hsWindowBuilderSetNativeWindow as *const (),
        "hsWindowBuilderSetPresentInterval" => hsWindowBuilderSetPresentInterval as *const (),
        "hsWindowBuilderSetTextures" => hsWindowBuilderSetTextures as *const (),
        "hsWindowFinalize" => hsWindowFinalize as *const (),
        "hsWindowInitialize" => hsWindowInitialize as *const (),
        "hsWindowReadPresented" => hsWindowReadPresented as *const (),
        "hsWindowSetPresentSnapshots" => hsWindowSetPresentSnapshots as *const (),
        "hsWindowGetDisplayPresents" => hsWindowGetDisplayPresents as *const (),
        "hsWindowSetDisplayCapture" => hsWindowSetDisplayCapture as *const (),
        "hsWindowReadDisplayed" => hsWindowReadDisplayed as *const (),
        "hsWindowResizeNative" => hsWindowResizeNative as *const (),
        // Present interval (present_interval.rs).
        "hsWindowSetPresentInterval" => hsWindowSetPresentInterval as *const (),
        "hsWindowGetPresentMode" => hsWindowGetPresentMode as *const (),
        _ => return None,
    };
    // SAFETY: a function pointer cast to the generic type; the caller casts it back to
    // the function's own type, as with any GetProcAddress.
    Some(unsafe { std::mem::transmute::<*const (), unsafe extern "C" fn()>(address) })
}

/// Every name `hsGetProcAddress` knows.
#[cfg(test)]
pub(crate) const ENTRY_POINTS: &[&str] = &[
    "hsBufferBuilderSetDefaults",
    "hsBufferBuilderSetDevice",
    "hsBufferBuilderSetStorage",
    "hsBufferFinalize",
    "hsBufferGetSize",
    "hsBufferInitialize",
    "hsCommandBufferBarrier",
    "hsCommandBufferBeginRecording",
    "hsCommandBufferBindImage",
    "hsCommandBufferBindIndexBuffer",
    "hsCommandBufferBindProgram",
    "hsCommandBufferBindStorageBuffer",
    "hsCommandBufferBindTexture",
    "hsCommandBufferBindUniformBuffer",
    "hsCommandBufferBindVertexBuffer",
    "hsCommandBufferClearColor",
    "hsCommandBufferClearColori",
    "hsCommandBufferClearColorui",
    "hsCommandBufferClearCommands",
    "hsCommandBufferClearDepthStencil",
    "hsCommandBufferCopyBufferToBuffer",
    "hsCommandBufferCopyBufferToTexture",
    "hsCommandBufferCopyTextureToBuffer",
    "hsCommandBufferCopyTextureToTexture",
    "hsCommandBufferDiscardColor",
    "hsCommandBufferDiscardDepthStencil",
    "hsCommandBufferDispatchCompute",
    "hsCommandBufferDispatchComputeIndirect",
    "hsCommandBufferDrawArrays",
    "hsCommandBufferDrawArraysInstanced",
    "hsCommandBufferDrawElements",
    "hsCommandBufferDrawIndirect",
    "hsCommandBufferEndRecording",
    "hsCommandBufferFenceSync",
    "hsCommandBufferFinalize",
    "hsCommandBufferInitialize",
    "hsCommandBufferSetBlendColor",
    "hsCommandBufferSetBlendState",
    "hsCommandBufferSetColorWriteMasks",
    "hsCommandBufferSetDepthStencilState",
    "hsCommandBufferSetLogicOp",
    "hsCommandBufferSetPolygonOffset",
    "hsCommandBufferSetPrimitiveRestart",
    "hsCommandBufferSetRasterizerState",
    "hsCommandBufferSetRenderTargets",
    "hsCommandBufferSetSamplerPool",
    "hsCommandBufferSetScissors",
    "hsCommandBufferSetTexturePool",
    "hsCommandBufferSetVertexAttributes",
    "hsCommandBufferSetVertexStreams",
    "hsCommandBufferSetViewports",
    "hsCommandBufferWaitSync",
    "hsDeviceBuilderSetDefaults",
    "hsDeviceBuilderSetRecordingPath",
    "hsDeviceBuilderSetSwitch",
    "hsDeviceFinalize",
    "hsDeviceGetHostPageSize",
    "hsDeviceGetImageHandle",
    "hsDeviceGetTextureHandle",
    "hsDeviceGetValidationErrorCount",
    "hsDeviceInitialize",
    "hsDeviceInstallDebugCallback",
    "hsGetProcAddress",
    "hsMaxwellSlotMapSetDefaults",
    "hsMemoryPoolBuilderSetDefaults",
    "hsMemoryPoolBuilderSetDevice",
    "hsMemoryPoolBuilderSetFlags",
    "hsMemoryPoolBuilderSetSize",
    "hsMemoryPoolBuilderSetStorage",
    "hsCommandBufferSetDepthMode",
    "hsCommandBufferSetWindowOrigin",
    "hsCommandBufferSetClipYAxis",
    "hsRasterizerStateSetDefaults",
    "hsPolygonOffsetSetDefaults",
    "hsStencilFaceSetDefaults",
    "hsDepthStencilStateSetDefaults",
    "hsBlendStateSetDefaults",
    "hsVertexStreamSetDefaults",
    "hsCommandBufferSetProvokingVertex",
    "hsCommandBufferSetDepthBounds",
    "hsCommandBufferSetPatchSize",
    "hsCommandBufferBindTransformFeedbackBuffer",
    "hsCommandBufferBeginTransformFeedback",
    "hsCommandBufferPauseTransformFeedback",
    "hsCommandBufferResumeTransformFeedback",
    "hsCommandBufferEndTransformFeedback",
    "hsCommandBufferSetInnerTessellationLevels",
    "hsCommandBufferSetOuterTessellationLevels",
    "hsCommandBufferSetProgramPointSize",
    "hsCommandBufferSetAlphaTest",
    "hsCommandBufferSetColorState",
    "hsColorStateSetDefaults",
    "hsCommandBufferSetSmoothing",
    "hsCommandBufferUpdateUniformBuffer",
    "hsCommandBufferReportCounter",
    "hsCommandBufferReportValue",
    "hsCommandBufferResetCounter",
    "hsCommandBufferSetRenderEnable",
    "hsCommandBufferSetRenderEnableConditional",
    // Issue 17, clears outside passes.
    "hsCommandBufferClearBuffer",
    "hsCommandBufferClearTexture",
    "hsCommandBufferClearTexturei",
    "hsCommandBufferClearTextureui",
    "hsCommandBufferClearTextureDepthStencil",
    // Issue 17, debug groups and labels.
    "hsCommandBufferPushDebugGroup",
    "hsCommandBufferPopDebugGroup",
    "hsCommandBufferInsertDebugMarker",
    // Issue 18, resolves.
    "hsCommandBufferDownsample",
    "hsCommandBufferSetMultisampleState",
    "hsCommandBufferSetSampleLocations",
    "hsCommandBufferResolveDepth",
    "hsGetHostPageSize",
    "hsGetVersion",
    "hsDeviceGetStats",
    "hsDeviceGetPipelineStats",
    "hsDeviceBuilderSetTitle",
    "hsMemoryPoolCopy",
    "hsMemoryPoolFinalize",
    "hsMemoryPoolFlushMappedRange",
    "hsMemoryPoolGetSize",
    "hsMemoryPoolInitialize",
    "hsMemoryPoolInvalidateMappedRange",
    "hsMemoryPoolMap",
    "hsMemoryPoolRead",
    "hsMemoryPoolWrite",
    "hsProgramFinalize",
    "hsProgramGetMissTag",
    "hsProgramInitialize",
    "hsProgramSetCompiledShaders",
    "hsProgramSetCompiledShadersWithImageFormats",
    "hsProgramSetShaders",
    "hsQueueFenceSync",
    "hsQueueFinalize",
    "hsQueueFinish",
    "hsQueueFlush",
    "hsQueueInitialize",
    "hsQueuePresentTexture",
    "hsQueueSubmitCommands",
    "hsQueueWaitSync",
    "hsSamplerBuilderSetBorderColor",
    "hsSamplerBuilderSetCompare",
    "hsSamplerBuilderSetDefaults",
    "hsSamplerBuilderSetDevice",
    "hsSamplerBuilderSetLodBias",
    "hsSamplerBuilderSetLodClamp",
    "hsSamplerBuilderSetMaxAnisotropy",
    "hsSamplerBuilderSetMinMagFilter",
    "hsSamplerBuilderSetWrapMode",
    "hsSamplerFinalize",
    "hsSamplerInitialize",
    "hsSamplerPoolFinalize",
    "hsSamplerPoolInitialize",
    "hsSamplerPoolRegisterSampler",
    "hsSyncFinalize",
    "hsSyncInitialize",
    "hsSyncWait",
    "hsTextureBuilderGetStorageAlignment",
    "hsTextureBuilderGetStorageSize",
    "hsTextureBuilderSetBlockHeight",
    "hsTextureBuilderSetDefaults",
    "hsTextureBuilderSetDevice",
    "hsTextureBuilderSetFlags",
    "hsTextureBuilderSetFormat",
    "hsTextureBuilderSetLevels",
    "hsTextureBuilderSetSamples",
    "hsTextureBuilderSetSize2D",
    "hsTextureBuilderSetSize3D",
    "hsTextureBuilderSetStorage",
    "hsTextureBuilderSetTarget",
    "hsTextureFinalize",
    "hsTextureInitialize",
    "hsTexturePoolFinalize",
    "hsTexturePoolInitialize",
    "hsTexturePoolRegisterImage",
    "hsTexturePoolRegisterTexture",
    "hsTextureViewSetDefaults",
    "hsTextureViewSetDepthStencilMode",
    "hsTextureViewSetFormat",
    "hsTextureViewSetLayers",
    "hsTextureViewSetLevels",
    "hsTextureViewSetSwizzle",
    "hsTextureViewSetTarget",
    "hsWindowAcquireTexture",
    "hsWindowBuilderSetDefaults",
    "hsWindowBuilderSetDevice",
    "hsWindowBuilderSetNativeWindow",
    "hsWindowBuilderSetPresentInterval",
    "hsWindowBuilderSetTextures",
    "hsWindowFinalize",
    "hsWindowInitialize",
    "hsWindowReadPresented",
    "hsWindowSetPresentSnapshots",
    "hsWindowGetDisplayPresents",
    "hsWindowSetDisplayCapture",
    "hsWindowReadDisplayed",
    "hsWindowResizeNative",
    // Present interval (present_interval.rs).
    "hsWindowSetPresentInterval",
    "hsWindowGetPresentMode",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_resolves_and_unknown_ones_do_not() {
        for name in ENTRY_POINTS {
            assert!(entry_point(name).is_some(), "{name}");
        }
        assert!(entry_point("hsNoSuchFunction").is_none());
    }
}
