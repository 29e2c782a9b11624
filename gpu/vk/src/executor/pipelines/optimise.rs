//! Optimised pipelines, linked in the background: a fast-linked pipeline
//! (`library`) draws at once, and a small pool of worker threads links the same four
//! libraries again with link-time optimisation. The result is taken up between
//! submissions (`Optimiser::finished`, never waited for), and the pipeline it replaces is
//! destroyed once the submissions that drew with it complete (`graphics`' retire list).
//! The pipeline cache is created without `EXTERNALLY_SYNCHRONIZED`, so workers and the
//! submitting thread may use it together; the executor stops the workers before it
//! saves and destroys the cache.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use ash::vk;

use crate::bringup::device::Device;
use crate::error::VkResult;

use super::layout::ProgramLayout;
use super::library::{link_optimised, Library};

/// Worker threads linking optimised pipelines.
const WORKERS: usize = 2;

/// One optimised link to make, for the pipeline `id` names (the caller's id type).
pub struct Job<Id> {
    pub id: Id,
    pub libraries: [Arc<Library>; 4],
    pub layout: Arc<ProgramLayout>,
    pub cache: vk::PipelineCache,
}

struct Done<Id> {
    id: Id,
    made: VkResult<vk::Pipeline>,
}

pub struct Optimiser<Id> {
    jobs: Option<Sender<Job<Id>>>,
    done: Receiver<Done<Id>>,
    workers: Vec<JoinHandle<()>>,
    stop: Arc<AtomicBool>,
    device: Arc<Device>,
}

impl<Id> Optimiser<Id> {
    /// The optimised pipelines made since the last call, without waiting.
    pub fn finished(&self) -> Vec<(Id, vk::Pipeline)> {
        let mut made = Vec::new();
        while let Ok(done) = self.done.try_recv() {
            match done.made {
                Ok(raw) => made.push((done.id, raw)),
                // The fast-linked pipeline stays: it draws the same.
                Err(error) => tracing::warn!(target: "gpu_vk::executor", %error,
                    "an optimised pipeline link failed; the fast-linked one stays"),
            }
        }
        made
    }

    /// Stops the workers (jobs not started are dropped) and destroys what they made
    /// that nothing took up.
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::Release);
        self.jobs = None;
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
        for (_, raw) in self.finished() {
            // SAFETY: never bound: it was not taken up.
            unsafe { self.device.raw.destroy_pipeline(raw, None) };
        }
    }
}

impl<Id: Send + 'static> Optimiser<Id> {
    pub fn new(device: &Arc<Device>) -> Optimiser<Id> {
        let (jobs, queue) = mpsc::channel::<Job<Id>>();
        let (finished, done) = mpsc::channel();
        let queue = Arc::new(Mutex::new(queue));
        let stop = Arc::new(AtomicBool::new(false));
        let workers = (0..WORKERS)
            .filter_map(|index| {
                let queue = queue.clone();
                let finished = finished.clone();
                let stop = stop.clone();
                let device = device.clone();
                std::thread::Builder::new()
                    .name(format!("hookshot-pipeline-optimiser-{index}"))
                    .spawn(move || work(&device, &queue, &finished, &stop))
                    .map_err(|error| {
                        tracing::warn!(target: "gpu_vk::executor", %error,
                            "no optimising pipeline worker: fast-linked pipelines stay");
                    })
                    .ok()
            })
            .collect();
        Optimiser {
            jobs: Some(jobs),
            done,
            workers,
            stop,
            device: device.clone(),
        }
    }

    /// Queues an optimised link (dropped where no worker runs).
    pub fn queue(&self, job: Job<Id>) {
        if self.workers.is_empty() {
            return;
        }
        if let Some(jobs) = &self.jobs {
            // A closed queue means the workers are stopping: nothing more is wanted.
            let _ = jobs.send(job);
        }
    }
}

impl<Id> Drop for Optimiser<Id> {
    fn drop(&mut self) {
        self.stop();
    }
}

fn work<Id>(
    device: &Device,
    queue: &Mutex<Receiver<Job<Id>>>,
    finished: &Sender<Done<Id>>,
    stop: &AtomicBool,
) {
    loop {
        let job = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        if stop.load(Ordering::Acquire) {
            return;
        }
        let made = link_optimised(device, job.cache, &job.libraries, &job.layout);
        if let Err(unsent) = finished.send(Done { id: job.id, made }) {
            if let Ok(raw) = unsent.0.made {
                // SAFETY: the receiver is gone: nothing will bind it.
                unsafe { device.raw.destroy_pipeline(raw, None) };
            }
        }
    }
}
