//! C ABI call sequences: the bytes are a program of calls on one device (pools, buffers,
//! textures, command buffers, uniform updates, reads, writes, finalizes, submits) with
//! lengths, counts and offsets taken from the input, edge values included. Data
//! pointers always point at as many bytes as the call may read within its bounds, so a
//! call that reads before checking its length crashes the run. A caught panic
//! (`HS_ERROR_INTERNAL`) or a validation error is a finding.

use std::sync::OnceLock;

use hookshot_capi::*;

use crate::{outcome_of, Target};

pub struct CapiCalls;

struct Device(HSDevice);
// SAFETY: the C ABI's objects may be used from any thread (the header says so).
unsafe impl Sync for Device {}
unsafe impl Send for Device {}

fn device() -> &'static HSDevice {
    static DEVICE: OnceLock<Device> = OnceLock::new();
    &DEVICE
        .get_or_init(|| {
            // SAFETY: zeroed builders and objects are what SetDefaults/Initialize expect.
            unsafe {
                let mut builder: HSDeviceBuilder = std::mem::zeroed();
                assert_eq!(hsDeviceBuilderSetDefaults(&mut builder), HS_SUCCESS);
                let _ = hsDeviceBuilderSetSwitch(
                    &mut builder,
                    c"RX_VK_VALIDATION".as_ptr(),
                    c"1".as_ptr(),
                );
                let _ = hsDeviceBuilderSetSwitch(
                    &mut builder,
                    c"RX_VK_SHADER_CACHE".as_ptr(),
                    c"0".as_ptr(),
                );
                let _ = hsDeviceBuilderSetSwitch(
                    &mut builder,
                    c"RX_VK_PIPELINE_CACHE".as_ptr(),
                    c"0".as_ptr(),
                );
                let mut device: HSDevice = std::mem::zeroed();
                let result = hsDeviceInitialize(&mut device, &builder);
                assert_eq!(result, HS_SUCCESS, "the C ABI's device opens");
                Device(device)
            }
        })
        .0
}

/// Reads the input as numbers, edge values likelier than others.
struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(first)
    }
    fn u64(&mut self) -> u64 {
        match self.byte().unwrap_or(0) % 8 {
            0 => 0,
            1 => u64::MAX,
            2 => u64::from(u32::MAX),
            3 => 1 << 40,
            _ => {
                let mut value = 0u64;
                for _ in 0..3 {
                    value = (value << 8) | u64::from(self.byte().unwrap_or(0));
                }
                value
            }
        }
    }
    fn u32(&mut self) -> u32 {
        match self.byte().unwrap_or(0) % 4 {
            0 => u32::MAX,
            1 => 0,
            _ => u32::from(self.byte().unwrap_or(0)),
        }
    }
}

/// Room behind every data pointer: the most any call may read or write within the pools'
/// bounds (the pools made here are at most this large).
const DATA_B: usize = 1 << 20;

impl Target for CapiCalls {
    fn name(&self) -> &'static str {
        "capi_calls"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        vec![
            // A pool, a buffer, an update of UINT64_MAX bytes, a submit.
            vec![0, 5, 0, 16, 0, 1, 0, 4, 0, 4, 0, 1, 8, 9],
            vec![0, 5, 0, 16, 2, 0, 6, 6, 7, 0, 2, 0, 9, 3, 9],
            vec![0, 5, 0, 16, 3, 0, 5, 0, 0, 0, 9, 4, 0, 1, 9],
            vec![6, 0, 6, 1, 7, 0, 8, 0],
        ]
    }

    fn run(&self, input: &[u8]) -> Result<u64, String> {
        let device = device();
        let mut data = vec![0x5au8; DATA_B];
        let mut input = Input(input);
        let mut pools: Vec<HSMemoryPool> = Vec::new();
        let mut buffers: Vec<HSBuffer> = Vec::new();
        let mut textures: Vec<HSTexture> = Vec::new();
        let mut texture_pools: Vec<HSTexturePool> = Vec::new();
        let mut results = Vec::new();
        // SAFETY: every object is made by its Initialize before use and finalized once;
        // every data pointer has DATA_B bytes behind it, and a pool is at most DATA_B.
        unsafe {
            let mut commands: HSCommandBuffer = std::mem::zeroed();
            assert_eq!(hsCommandBufferInitialize(&mut commands, device), HS_SUCCESS);
            let mut queue: HSQueue = std::mem::zeroed();
            assert_eq!(hsQueueInitialize(&mut queue, device), HS_SUCCESS);
            let mut recording = false;
            let mut steps = 0;
            while let Some(op) = input.byte() {
                steps += 1;
                if steps > 64 {
                    break;
                }
                let pick = |count: usize, input: &mut Input| {
                    usize::from(input.byte().unwrap_or(0)) % count.max(1)
                };
                let result = match op % 10 {
                    0 if pools.len() < 4 => {
                        let mut builder: HSMemoryPoolBuilder = std::mem::zeroed();
                        hsMemoryPoolBuilderSetDefaults(&mut builder);
                        hsMemoryPoolBuilderSetDevice(&mut builder, device);
                        hsMemoryPoolBuilderSetFlags(
                            &mut builder,
                            HS_MEMORY_POOL_FLAGS_CPU_CACHED | HS_MEMORY_POOL_FLAGS_GPU_CACHED,
                        );
                        let size_b = match input.byte().unwrap_or(0) % 4 {
                            0 => u64::MAX,
                            1 => 4096 * 3 + 1,
                            _ => 4096 * (1 + u64::from(input.byte().unwrap_or(0)) % 256),
                        };
                        hsMemoryPoolBuilderSetSize(&mut builder, size_b);
                        let mut pool: HSMemoryPool = std::mem::zeroed();
                        let result = hsMemoryPoolInitialize(&mut pool, &builder);
                        if result == HS_SUCCESS {
                            pools.push(pool);
                        }
                        result
                    }
                    1 if !pools.is_empty() => {
                        let pool = &pools[pick(pools.len(), &mut input)];
                        let mut builder: HSBufferBuilder = std::mem::zeroed();
                        hsBufferBuilderSetDefaults(&mut builder);
                        hsBufferBuilderSetDevice(&mut builder, device);
                        let (offset_b, size_b) = (input.u64(), input.u64());
                        hsBufferBuilderSetStorage(&mut builder, pool, offset_b, size_b);
                        let mut buffer: HSBuffer = std::mem::zeroed();
                        let result = hsBufferInitialize(&mut buffer, &builder);
                        if result == HS_SUCCESS {
                            buffers.push(buffer);
                        }
                        result
                    }
                    2 if !pools.is_empty() => {
                        let pool = &pools[pick(pools.len(), &mut input)];
                        let mut builder: HSTextureBuilder = std::mem::zeroed();
                        hsTextureBuilderSetDefaults(&mut builder);
                        hsTextureBuilderSetDevice(&mut builder, device);
                        hsTextureBuilderSetSize2D(&mut builder, input.u32(), input.u32());
                        hsTextureBuilderSetFormat(&mut builder, HS_FORMAT_RGBA8);
                        hsTextureBuilderSetStorage(&mut builder, pool, input.u64());
                        let mut texture: HSTexture = std::mem::zeroed();
                        let result = hsTextureInitialize(&mut texture, &builder);
                        if result == HS_SUCCESS {
                            textures.push(texture);
                        }
                        result
                    }
                    3 if !pools.is_empty() => {
                        let pool = &pools[pick(pools.len(), &mut input)];
                        let (offset_b, size_b) = (input.u64(), input.u64());
                        if input.byte().unwrap_or(0) % 2 == 0 {
                            hsMemoryPoolWrite(pool, offset_b, data.as_ptr().cast(), size_b)
                        } else {
                            hsMemoryPoolRead(pool, offset_b, data.as_mut_ptr().cast(), size_b)
                        }
                    }
                    4 if !buffers.is_empty() => {
                        if !recording {
                            recording = hsCommandBufferBeginRecording(&commands) == HS_SUCCESS;
                        }
                        let buffer = &buffers[pick(buffers.len(), &mut input)];
                        let (offset_b, size_b) = (input.u64(), input.u64());
                        hsCommandBufferUpdateUniformBuffer(
                            &commands,
                            buffer,
                            offset_b,
                            size_b,
                            data.as_ptr().cast(),
                        )
                    }
                    5 => {
                        let mut pool: HSTexturePool = std::mem::zeroed();
                        let result = hsTexturePoolInitialize(&mut pool, device, input.u32());
                        if result == HS_SUCCESS {
                            texture_pools.push(pool);
                        }
                        result
                    }
                    6 => {
                        if !recording {
                            recording = hsCommandBufferBeginRecording(&commands) == HS_SUCCESS;
                        }
                        // Room for 16 of each; the count claimed may be anything.
                        let viewports: [HSViewport; 16] = std::mem::zeroed();
                        hsCommandBufferSetViewports(
                            &commands,
                            input.u32() % 20,
                            input.u32(),
                            viewports.as_ptr(),
                        )
                    }
                    7 if !pools.is_empty() => {
                        // Finalizing a pool: refused while something is placed in it.
                        let index = pick(pools.len(), &mut input);
                        let result = hsMemoryPoolFinalize(&mut pools[index]);
                        if result == HS_SUCCESS {
                            pools.remove(index);
                        }
                        result
                    }
                    8 if !textures.is_empty() || !buffers.is_empty() => {
                        if !textures.is_empty() && input.byte().unwrap_or(0) % 2 == 0 {
                            let mut texture = textures.remove(pick(textures.len(), &mut input));
                            hsTextureFinalize(&mut texture)
                        } else if !buffers.is_empty() {
                            let mut buffer = buffers.remove(pick(buffers.len(), &mut input));
                            hsBufferFinalize(&mut buffer)
                        } else {
                            HS_SUCCESS
                        }
                    }
                    9 if recording => {
                        recording = false;
                        let mut handle: HScommandHandle = 0;
                        let result = hsCommandBufferEndRecording(&commands, &mut handle);
                        if result == HS_SUCCESS {
                            let count = if input.byte().unwrap_or(0) % 4 == 0 {
                                u32::MAX
                            } else {
                                1
                            };
                            let submitted = hsQueueSubmitCommands(&queue, count, &handle);
                            if submitted == HS_SUCCESS {
                                hsQueueFinish(&queue)
                            } else {
                                submitted
                            }
                        } else {
                            result
                        }
                    }
                    _ => HS_SUCCESS,
                };
                if result == HS_ERROR_INTERNAL {
                    return Err(format!("call {op} (step {steps}) caught a panic"));
                }
                results.push(result as u8);
            }
            if recording {
                let mut handle: HScommandHandle = 0;
                hsCommandBufferEndRecording(&commands, &mut handle);
            }
            hsQueueFinish(&queue);
            for mut texture in textures {
                hsTextureFinalize(&mut texture);
            }
            for mut buffer in buffers {
                hsBufferFinalize(&mut buffer);
            }
            for mut pool in texture_pools {
                hsTexturePoolFinalize(&mut pool);
            }
            for mut pool in pools {
                let result = hsMemoryPoolFinalize(&mut pool);
                if result != HS_SUCCESS {
                    return Err(format!(
                        "a pool left with nothing in it was refused ({result})"
                    ));
                }
            }
            hsQueueFinalize(&mut queue);
            hsCommandBufferFinalize(&mut commands);
            let mut errors = 0u64;
            hsDeviceGetValidationErrorCount(device, &mut errors);
            if errors != 0 {
                return Err(format!("{errors} validation errors"));
            }
        }
        Ok(outcome_of(&format!("{results:?}")))
    }
}
