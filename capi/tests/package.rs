//! The installed package, as a port uses it: `scripts/install.sh` puts this build's
//! libraries under a prefix in a temporary folder; one C program is built only through
//! `pkg-config --cflags --libs hookshot`, and one through CMake's `find_package` against
//! the shared library and against the static one; each runs (on the driver, validation on,
//! where it draws) against the installed library, the shared one found by its soname.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("capi/ sits in the repository")
        .to_path_buf()
}

fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples")
}

/// Installs this build's libraries under a fresh prefix, once per test.
fn install() -> tempfile::TempDir {
    let prefix = tempfile::tempdir().expect("a temporary prefix");
    let output = Command::new(repo_root().join("scripts/install.sh"))
        .arg(prefix.path())
        .arg("--lib-dir")
        .arg(common::profile_dir())
        .output()
        .expect("scripts/install.sh runs");
    assert!(
        output.status.success(),
        "install failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    prefix
}

fn checked(command: &mut Command) -> String {
    let shown = format!("{command:?}");
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("{shown}: {error}"));
    assert!(
        output.status.success(),
        "{shown} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The dynamic section's entries of one kind (`NEEDED`, `SONAME`) of an ELF file.
fn dynamic_entries(file: &Path, kind: &str) -> Vec<String> {
    let dump = checked(Command::new("readelf").arg("-d").arg(file));
    dump.lines()
        .filter(|line| line.contains(&format!("({kind})")))
        .filter_map(|line| {
            let start = line.find('[')?;
            let end = line.rfind(']')?;
            Some(line[start + 1..end].to_owned())
        })
        .collect()
}

fn soname() -> String {
    format!("libhookshot.so.{}", env!("CARGO_PKG_VERSION_MAJOR"))
}

#[test]
fn the_installed_library_carries_its_soname_and_version() {
    let prefix = install();
    let lib = prefix.path().join("lib");
    let real = lib.join(format!("libhookshot.so.{}", env!("CARGO_PKG_VERSION")));
    assert_eq!(dynamic_entries(&real, "SONAME"), [soname()]);
    for link in [soname(), "libhookshot.so".to_owned()] {
        let target = std::fs::canonicalize(lib.join(&link)).expect("the link resolves");
        assert_eq!(target, std::fs::canonicalize(&real).unwrap(), "{link}");
    }
    let pc = std::fs::read_to_string(lib.join("pkgconfig/hookshot.pc")).unwrap();
    assert!(
        pc.contains(&format!("\nVersion: {}\n", env!("CARGO_PKG_VERSION"))),
        "{pc}"
    );
    let private = pc
        .lines()
        .find_map(|line| line.strip_prefix("Libs.private: "))
        .expect("a Libs.private line");
    // The static library's own needs: glslang's C++ and the system's thread library.
    for needed in ["-lstdc++", "-lpthread"] {
        assert!(private.split(' ').any(|flag| flag == needed), "{private}");
    }
}

#[test]
fn a_program_built_through_pkg_config_draws_with_the_installed_library() {
    let prefix = install();
    let flags = checked(
        Command::new("pkg-config")
            .args(["--cflags", "--libs", "hookshot"])
            .env("PKG_CONFIG_PATH", prefix.path().join("lib/pkgconfig")),
    );
    let program = prefix.path().join("triangle");
    checked(
        Command::new("cc")
            .args(["-std=c11", "-Wall", "-Wextra", "-Werror", "-o"])
            .arg(&program)
            // common.h, the examples' own helpers; hookshot.h comes from pkg-config's flags.
            .arg("-iquote")
            .arg(examples_dir())
            .arg(examples_dir().join("triangle.c"))
            .args(flags.split_whitespace()),
    );
    assert!(dynamic_entries(&program, "NEEDED").contains(&soname()));
    let out = prefix.path().join("triangle.rgba");
    common::run_with(
        &program,
        &[out.to_str().unwrap()],
        &[(
            "LD_LIBRARY_PATH",
            prefix.path().join("lib").to_str().unwrap(),
        )],
    );
    let texels = std::fs::read(&out).expect("the program wrote its image");
    common::check_triangle_image(&texels, 64, [0, 255, 0, 255], [0, 0, 0, 255]);
}

#[test]
fn programs_built_through_cmake_find_package_run_the_installed_version() {
    let prefix = install();
    let project = prefix.path().join("project");
    std::fs::create_dir(&project).unwrap();
    std::fs::write(
        project.join("CMakeLists.txt"),
        format!(
            "cmake_minimum_required(VERSION 3.16)\n\
             project(version_check C)\n\
             find_package(hookshot {major}.{minor} REQUIRED)\n\
             add_executable(version \"{source}\")\n\
             target_link_libraries(version PRIVATE hookshot::hookshot)\n\
             add_executable(version_static \"{source}\")\n\
             target_link_libraries(version_static PRIVATE hookshot::hookshot_static)\n",
            major = env!("CARGO_PKG_VERSION_MAJOR"),
            minor = env!("CARGO_PKG_VERSION_MINOR"),
            source = examples_dir().join("version.c").display(),
        ),
    )
    .unwrap();
    let build = project.join("build");
    checked(
        Command::new("cmake")
            .arg("-S")
            .arg(&project)
            .arg("-B")
            .arg(&build)
            .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.path().display())),
    );
    checked(Command::new("cmake").arg("--build").arg(&build));
    let shared = build.join("version");
    assert!(dynamic_entries(&shared, "NEEDED").contains(&soname()));
    // The static library's link line (Libs.private's) is complete: nothing of it is
    // loaded at run time.
    let linked_static = build.join("version_static");
    assert!(!dynamic_entries(&linked_static, "NEEDED").contains(&soname()));
    // The installed library is found through the run path CMake gives the build tree.
    let version = env!("CARGO_PKG_VERSION");
    for program in [shared, linked_static] {
        let output = common::run(&program, &[]);
        assert_eq!(
            String::from_utf8_lossy(&output.stdout).trim(),
            format!("compiled {version}, running {version}")
        );
    }
}

/// A request for another major version is refused by the version file.
#[test]
fn cmake_refuses_another_major_version() {
    let prefix = install();
    let project = prefix.path().join("project");
    std::fs::create_dir(&project).unwrap();
    let other_major: u32 = env!("CARGO_PKG_VERSION_MAJOR").parse::<u32>().unwrap() + 1;
    std::fs::write(
        project.join("CMakeLists.txt"),
        format!(
            "cmake_minimum_required(VERSION 3.16)\nproject(too_new C)\n\
             find_package(hookshot {other_major} REQUIRED)\n"
        ),
    )
    .unwrap();
    let output = Command::new("cmake")
        .arg("-S")
        .arg(&project)
        .arg("-B")
        .arg(project.join("build"))
        .arg(format!("-DCMAKE_PREFIX_PATH={}", prefix.path().display()))
        .output()
        .expect("cmake runs (scripts/setup.sh installs it)");
    assert!(!output.status.success());
    // CMake names the file it found and the version it refused.
    let stderr = String::from_utf8_lossy(&output.stderr);
    let refused = format!("version: {}", env!("CARGO_PKG_VERSION"));
    assert!(
        stderr.contains("hookshotConfig.cmake") && stderr.contains(&refused),
        "{stderr}"
    );
}
