//! uam, deko3d's GLSL compiler, run on one program: its path from `--uam`, else
//! `HOOKSHOT_UAM`, else `shared/maxwell/bin/uam` in a folder above the working
//! directory or the program.

use std::path::{Path, PathBuf};

use super::stages::FuzzStage;

/// The uam to run: `given`, else `HOOKSHOT_UAM`, else the first
/// `shared/maxwell/bin/uam` above the working directory or the executable.
pub fn locate(given: Option<&Path>) -> anyhow::Result<PathBuf> {
    if let Some(path) = given {
        anyhow::ensure!(path.is_file(), "no uam at {}", path.display());
        return Ok(path.to_path_buf());
    }
    if let Some(path) = std::env::var_os("HOOKSHOT_UAM") {
        let path = PathBuf::from(path);
        anyhow::ensure!(
            path.is_file(),
            "no uam at {} (HOOKSHOT_UAM)",
            path.display()
        );
        return Ok(path);
    }
    let starts = [std::env::current_dir().ok(), std::env::current_exe().ok()];
    starts
        .iter()
        .flatten()
        .flat_map(|start| start.ancestors())
        .map(|folder| folder.join("shared/maxwell/bin/uam"))
        .find(|path| path.is_file())
        .ok_or_else(|| {
            anyhow::anyhow!(
                "no uam: give --uam PATH or HOOKSHOT_UAM (none at shared/maxwell/bin/uam above \
                 the working directory or the program)"
            )
        })
}

/// The DKSH module uam makes of `glsl` for `stage`, written through files in `scratch`;
/// uam's messages when it fails.
pub fn compile(
    uam: &Path,
    scratch: &Path,
    stage: FuzzStage,
    glsl: &str,
) -> Result<Vec<u8>, String> {
    let (source, out) = (scratch.join("program.glsl"), scratch.join("program.dksh"));
    std::fs::write(&source, glsl).map_err(|e| format!("writing {}: {e}", source.display()))?;
    let _ = std::fs::remove_file(&out);
    // Under `setarch -R` where there is one: uam's scheduler reads an uninitialised
    // field, and without address randomisation it reads the same value each run
    // (DKSH.md).
    let mut command = if Path::new("/usr/bin/setarch").is_file() {
        let mut command = std::process::Command::new("setarch");
        command.arg("-R").arg(uam);
        command
    } else {
        std::process::Command::new(uam)
    };
    let output = command
        .args(["-s", stage.uam_name(), "-o"])
        .arg(&out)
        .arg(&source)
        .output()
        .map_err(|e| format!("running {}: {e}", uam.display()))?;
    if !output.status.success() {
        return Err(format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout).trim(),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    std::fs::read(&out).map_err(|e| format!("reading {}: {e}", out.display()))
}
