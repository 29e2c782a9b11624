//! The demo's summary: the console lines, the `--stats` JSON, and the frame-time plot.

use std::fmt::Write as _;

/// Which phase of `RX_VK_AB`'s benchmark a frame ran in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbPhase {
    /// The first phase (tiles load), the write-back on; not measured.
    Loading,
    On,
    Off,
}

/// The write-back's cost from an A/B run: median frame times with it on and off.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AbCost {
    pub gpu_ms_on: f64,
    pub gpu_ms_off: f64,
    pub cpu_ms_on: f64,
    pub cpu_ms_off: f64,
    pub frames_on: usize,
    pub frames_off: usize,
}

impl AbCost {
    /// The write-back's share of frame time: on / off - 1.
    pub fn gpu_ratio(&self) -> f64 {
        ratio(self.gpu_ms_on, self.gpu_ms_off)
    }

    pub fn cpu_ratio(&self) -> f64 {
        ratio(self.cpu_ms_on, self.cpu_ms_off)
    }
}

fn ratio(on: f64, off: f64) -> f64 {
    if off > 0.0 {
        on / off - 1.0
    } else {
        0.0
    }
}

/// What a run measured and counted.
#[derive(Debug, Default)]
pub struct RunStats {
    pub frames: u32,
    /// Per frame, on the CPU: uniforms written, the list recorded and submitted, and the
    /// present call (which, in a window, waits for a swapchain image: display pacing).
    pub cpu_ms: Vec<f64>,
    /// Per frame, the present call alone (part of `cpu_ms`).
    pub present_ms: Vec<f64>,
    /// Per frame, the wait for the frame's fence after the present: the GPU work the CPU
    /// did not overlap, not the GPU's time (near zero when the present waited).
    pub gpu_ms: Vec<f64>,
    pub passes: u64,
    pub uploads: u64,
    pub upload_bytes: u64,
    pub writebacks: u64,
    pub writeback_bytes: u64,
    pub kept_textures: u64,
    pub kept_bytes: u64,
    /// Host images the cache let go (budget, keep cap, finalized pools), and of those the
    /// ones whose GPU-drawn texels storage never held.
    pub evictions: u64,
    pub texels_lost: u64,
    /// Prop textures streamed in (`props`).
    pub props_streamed: u64,
    /// Render-target reclaim (`RX_VK_RT_RECLAIM`): images reclaimed dead by overwrite,
    /// free-list images handed to new textures, those the image cache's budget released
    /// (parked images count in it), and free-list bytes at the end.
    pub reclaimed_images: u64,
    pub reclaim_reuses: u64,
    pub reclaim_budget_released: u64,
    pub free_list_b: u64,
    /// `--render-targets`: the workload's counts and host-image peak.
    pub render_targets: Option<super::render_targets::RtStats>,
    /// At the end of the run: host images, the executor's buffers, imported pool storage.
    pub image_memory_b: u64,
    pub buffer_memory_b: u64,
    pub imported_pool_b: u64,
    pub validation_errors: u64,
    /// The validation layer ran (`RX_VK_VALIDATION=1`): only then is its count printed.
    pub validation_ran: bool,
    pub tiles_checked: u64,
    pub tiles_failed: u64,
    pub textures_finalized: u64,
    pub chunks_returned: u64,
    pub defragmentations: u64,
    /// `RX_VK_AB`'s frames a phase, and each frame's phase.
    pub ab_frames: Option<u64>,
    pub ab_phases: Vec<AbPhase>,
    /// Tiles the A/B run drew with the write-back off: not checked.
    pub tiles_unchecked: u64,
    /// The process's resident bytes at frames of the run (every `HOST_SAMPLE_FRAMES`
    /// and the last), where the platform tells.
    pub host_resident_b: Vec<(u32, u64)>,
    /// `RX_VK_WRITE_TRACKING`, and the CPU writes that trapped on protected pages.
    pub write_tracking: &'static str,
    pub write_traps: u64,
    /// `RX_VK_PASS_DEFER`: the merge's numbers and its A/B phases.
    pub defer: super::defer_ab::DeferStats,
}

/// Frames between samples of the process's resident memory.
pub const HOST_SAMPLE_FRAMES: u32 = 250;
/// Host memory growth is measured from the first sample at or after this frame: by then
/// every tile of the route is drawn and every cache is warm.
pub const HOST_SETTLED_FRAME: u32 = 500;

/// The `p`th percentile (0..=100) of `values`, nearest rank; 0 for none.
pub fn percentile(values: &[f64], p: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = ((p / 100.0) * sorted.len() as f64).ceil().max(1.0) as usize;
    sorted[rank.min(sorted.len()) - 1]
}

impl RunStats {
    /// The A/B benchmark's medians, when the run had both phases.
    pub fn ab_cost(&self) -> Option<AbCost> {
        let of = |phase: AbPhase, times: &[f64]| -> Vec<f64> {
            self.ab_phases
                .iter()
                .zip(times)
                .filter(|(p, _)| **p == phase)
                .map(|(_, &ms)| ms)
                .collect()
        };
        let (gpu_on, gpu_off) = (
            of(AbPhase::On, &self.gpu_ms),
            of(AbPhase::Off, &self.gpu_ms),
        );
        if gpu_on.is_empty() || gpu_off.is_empty() {
            return None;
        }
        Some(AbCost {
            gpu_ms_on: percentile(&gpu_on, 50.0),
            gpu_ms_off: percentile(&gpu_off, 50.0),
            cpu_ms_on: percentile(&of(AbPhase::On, &self.cpu_ms), 50.0),
            cpu_ms_off: percentile(&of(AbPhase::Off, &self.cpu_ms), 50.0),
            frames_on: gpu_on.len(),
            frames_off: gpu_off.len(),
        })
    }

    pub fn terrain_ok(&self) -> bool {
        self.tiles_failed == 0
    }

    pub fn terrain_line(&self) -> String {
        if self.terrain_ok() && self.tiles_unchecked > 0 {
            format!(
                "terrain check: OK ({} tiles drawn with the write-back off not checked)",
                self.tiles_unchecked
            )
        } else if self.terrain_ok() {
            "terrain check: OK".to_owned()
        } else {
            format!(
                "terrain check: FAILED ({} of {} tiles)",
                self.tiles_failed, self.tiles_checked
            )
        }
    }

    pub fn passes_per_frame(&self) -> f64 {
        self.passes as f64 / f64::from(self.frames.max(1))
    }

    pub fn summary(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "frames: {}", self.frames);
        let _ = writeln!(
            out,
            "cpu frame time (record, submit, present): p50 {:.2} ms, p95 {:.2} ms",
            percentile(&self.cpu_ms, 50.0),
            percentile(&self.cpu_ms, 95.0)
        );
        let _ = writeln!(
            out,
            "  of which present (in a window, the wait for a swapchain image): p50 {:.2} ms, \
             p95 {:.2} ms",
            percentile(&self.present_ms, 50.0),
            percentile(&self.present_ms, 95.0)
        );
        let _ = writeln!(
            out,
            "wait for the fence after present (GPU work not overlapped): p50 {:.2} ms, \
             p95 {:.2} ms",
            percentile(&self.gpu_ms, 50.0),
            percentile(&self.gpu_ms, 95.0)
        );
        let _ = writeln!(out, "passes a frame: {:.1}", self.passes_per_frame());
        let _ = writeln!(
            out,
            "uploads: {} ({} bytes)",
            self.uploads, self.upload_bytes
        );
        let _ = writeln!(
            out,
            "write-backs: {} ({} bytes)",
            self.writebacks, self.writeback_bytes
        );
        let _ = writeln!(
            out,
            "kept textures: {} ({} bytes)",
            self.kept_textures, self.kept_bytes
        );
        let _ = writeln!(
            out,
            "evicted: {} host images ({} with GPU texels lost), {} props streamed",
            self.evictions, self.texels_lost, self.props_streamed
        );
        let _ = writeln!(
            out,
            "render-target reclaim: {} reclaimed, {} reused, {} released under the budget, \
             free list {:.1} MiB",
            self.reclaimed_images,
            self.reclaim_reuses,
            self.reclaim_budget_released,
            self.free_list_b as f64 / 1048576.0
        );
        if let Some(targets) = &self.render_targets {
            let _ = writeln!(out, "{}", targets.summary_line(self.image_memory_b));
        }
        let _ = writeln!(
            out,
            "memory: host images {:.1} MiB, buffers {:.1} MiB, imported pools {:.1} MiB",
            self.image_memory_b as f64 / 1048576.0,
            self.buffer_memory_b as f64 / 1048576.0,
            self.imported_pool_b as f64 / 1048576.0
        );
        let _ = writeln!(
            out,
            "write tracking: {}, {} traps ({:.1} a frame)",
            self.write_tracking,
            self.write_traps,
            self.write_traps as f64 / f64::from(self.frames.max(1))
        );
        if let Some(&(_, resident_b)) = self.host_resident_b.last() {
            let growth = super::host_memory::growth_b(&self.host_resident_b, HOST_SETTLED_FRAME)
                .map(|growth_b| {
                    format!(
                        " ({:+.1} MiB since frame {HOST_SETTLED_FRAME})",
                        growth_b as f64 / 1048576.0
                    )
                })
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "host memory: {:.1} MiB resident{growth}",
                resident_b as f64 / 1048576.0
            );
        }
        let _ = writeln!(
            out,
            "tiles: {} finalized, {} returned, {} defragmentations",
            self.textures_finalized, self.chunks_returned, self.defragmentations
        );
        if let (Some(frames), Some(cost)) = (self.ab_frames, self.ab_cost()) {
            let _ = writeln!(
                out,
                "write-back A/B ({frames} frames a phase; {} on, {} off): gpu p50 {:.2} ms on, \
                 {:.2} ms off, cost {:+.1}%; cpu p50 {:.2} ms on, {:.2} ms off, cost {:+.1}%",
                cost.frames_on,
                cost.frames_off,
                cost.gpu_ms_on,
                cost.gpu_ms_off,
                cost.gpu_ratio() * 100.0,
                cost.cpu_ms_on,
                cost.cpu_ms_off,
                cost.cpu_ratio() * 100.0
            );
        }
        self.defer.summary(&self.gpu_ms, &mut out);
        if self.validation_ran {
            let _ = writeln!(out, "validation errors: {}", self.validation_errors);
        }
        let _ = writeln!(out, "{}", self.terrain_line());
        out
    }

    pub fn json(&self) -> serde_json::Value {
        let mut json = self.json_common();
        if let (Some(frames), Some(cost)) = (self.ab_frames, self.ab_cost()) {
            json["ab_frames_per_phase"] = frames.into();
            json["ab_gpu_ms_p50_on"] = cost.gpu_ms_on.into();
            json["ab_gpu_ms_p50_off"] = cost.gpu_ms_off.into();
            json["ab_gpu_cost_ratio"] = cost.gpu_ratio().into();
            json["ab_cpu_ms_p50_on"] = cost.cpu_ms_on.into();
            json["ab_cpu_ms_p50_off"] = cost.cpu_ms_off.into();
            json["ab_cpu_cost_ratio"] = cost.cpu_ratio().into();
            json["terrain_tiles_unchecked"] = self.tiles_unchecked.into();
        }
        self.defer.add_json(&self.gpu_ms, &mut json);
        if let Some(targets) = &self.render_targets {
            targets.add_json(&mut json);
        }
        json
    }

    fn json_common(&self) -> serde_json::Value {
        serde_json::json!({
            "frames": self.frames,
            "cpu_ms_p50": percentile(&self.cpu_ms, 50.0),
            "cpu_ms_p95": percentile(&self.cpu_ms, 95.0),
            "present_ms_p50": percentile(&self.present_ms, 50.0),
            "present_ms_p95": percentile(&self.present_ms, 95.0),
            "gpu_ms_p50": percentile(&self.gpu_ms, 50.0),
            "gpu_ms_p95": percentile(&self.gpu_ms, 95.0),
            "passes_per_frame": self.passes_per_frame(),
            "uploads": self.uploads,
            "upload_bytes": self.upload_bytes,
            "writebacks": self.writebacks,
            "writeback_bytes": self.writeback_bytes,
            "kept_textures": self.kept_textures,
            "kept_bytes": self.kept_bytes,
            "evictions": self.evictions,
            "texels_lost": self.texels_lost,
            "props_streamed": self.props_streamed,
            "reclaimed_images": self.reclaimed_images,
            "reclaim_reuses": self.reclaim_reuses,
            "reclaim_budget_released": self.reclaim_budget_released,
            "free_list_bytes": self.free_list_b,
            "image_memory_bytes": self.image_memory_b,
            "buffer_memory_bytes": self.buffer_memory_b,
            "imported_pool_bytes": self.imported_pool_b,
            "validation_errors": self.validation_errors,
            "terrain_tiles_checked": self.tiles_checked,
            "terrain_tiles_failed": self.tiles_failed,
            "textures_finalized": self.textures_finalized,
            "chunks_returned": self.chunks_returned,
            "defragmentations": self.defragmentations,
            "write_tracking": self.write_tracking,
            "write_traps": self.write_traps,
            "write_traps_per_frame": self.write_traps as f64 / f64::from(self.frames.max(1)),
            "host_resident_bytes": self.host_resident_b.last().map(|&(_, b)| b),
            "host_resident_growth_bytes":
                super::host_memory::growth_b(&self.host_resident_b, HOST_SETTLED_FRAME),
        })
    }

    /// The frame times as an SVG line plot (CPU and GPU, ms by frame).
    pub fn plot_svg(&self) -> String {
        const WIDTH: f64 = 800.0;
        const HEIGHT: f64 = 300.0;
        const MARGIN: f64 = 40.0;
        let peak = self
            .cpu_ms
            .iter()
            .chain(&self.gpu_ms)
            .fold(1.0f64, |a, &b| a.max(b));
        let frames = self.cpu_ms.len().max(2) as f64;
        let line = |values: &[f64], colour: &str| {
            let points: Vec<String> = values
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let x = MARGIN + (i as f64) / (frames - 1.0) * (WIDTH - 2.0 * MARGIN);
                    let y = HEIGHT - MARGIN - v / peak * (HEIGHT - 2.0 * MARGIN);
                    format!("{x:.1},{y:.1}")
                })
                .collect();
            format!(
                "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"1\" points=\"{}\"/>",
                points.join(" ")
            )
        };
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\">\
             <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\
             <text x=\"{MARGIN}\" y=\"20\" font-family=\"sans-serif\" font-size=\"12\">frame time (ms), \
             cpu in blue, gpu in orange; peak {peak:.2} ms over {} frames</text>\
             <line x1=\"{MARGIN}\" y1=\"{y0}\" x2=\"{x1}\" y2=\"{y0}\" stroke=\"black\"/>\
             {}{}</svg>\n",
            self.cpu_ms.len(),
            line(&self.cpu_ms, "#1f77b4"),
            line(&self.gpu_ms, "#ff7f0e"),
            y0 = HEIGHT - MARGIN,
            x1 = WIDTH - MARGIN,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_and_the_terrain_line() {
        let values: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&values, 50.0), 50.0);
        assert_eq!(percentile(&values, 95.0), 95.0);
        assert_eq!(percentile(&[], 50.0), 0.0);
        let mut stats = RunStats {
            tiles_checked: 12,
            ..RunStats::default()
        };
        assert_eq!(stats.terrain_line(), "terrain check: OK");
        stats.tiles_failed = 3;
        assert_eq!(
            stats.terrain_line(),
            "terrain check: FAILED (3 of 12 tiles)"
        );
    }

    #[test]
    fn the_ab_cost_is_the_ratio_of_the_phases_medians() {
        use AbPhase::*;
        let stats = RunStats {
            ab_frames: Some(2),
            ab_phases: vec![Loading, Loading, On, On, Off, Off, On, On],
            gpu_ms: vec![50.0, 50.0, 10.5, 10.5, 10.0, 10.0, 10.5, 10.5],
            cpu_ms: vec![9.0, 9.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0],
            tiles_checked: 4,
            tiles_unchecked: 2,
            ..RunStats::default()
        };
        let cost = stats.ab_cost().unwrap();
        assert_eq!((cost.frames_on, cost.frames_off), (4, 2));
        assert!((cost.gpu_ratio() - 0.05).abs() < 1e-9);
        assert_eq!(cost.cpu_ratio(), 0.0);
        assert!(
            stats.summary().contains("cost +5.0%"),
            "{}",
            stats.summary()
        );
        assert!((stats.json()["ab_gpu_cost_ratio"].as_f64().unwrap() - 0.05).abs() < 1e-9);
        assert_eq!(
            stats.terrain_line(),
            "terrain check: OK (2 tiles drawn with the write-back off not checked)"
        );
        assert!(RunStats::default().ab_cost().is_none());
        assert!(RunStats::default()
            .json()
            .get("ab_gpu_cost_ratio")
            .is_none());
    }

    #[test]
    fn the_json_has_every_key_the_issue_names() {
        let json = RunStats::default().json();
        for key in [
            "frames",
            "cpu_ms_p50",
            "gpu_ms_p50",
            "passes_per_frame",
            "uploads",
            "upload_bytes",
            "writebacks",
            "writeback_bytes",
            "kept_textures",
            "kept_bytes",
            "evictions",
            "texels_lost",
            "props_streamed",
            "reclaimed_images",
            "reclaim_reuses",
            "reclaim_budget_released",
            "free_list_bytes",
            "validation_errors",
            "terrain_tiles_checked",
            "terrain_tiles_failed",
            "textures_finalized",
            "chunks_returned",
            "defragmentations",
        ] {
            assert!(json.get(key).is_some(), "{key}");
        }
        assert!(RunStats {
            cpu_ms: vec![1.0, 2.0],
            gpu_ms: vec![1.5, 1.0],
            ..RunStats::default()
        }
        .plot_svg()
        .starts_with("<svg"));
    }
}
