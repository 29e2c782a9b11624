//! `RX_VK_RECORD` records a port's device through the C ABI with no call asking
//! (`examples/triangle.c` sets no recording path), in the format `hookshot replay` reads,
//! keeping each module's GLSL source for `hookshot warm`.

mod common;

#[test]
fn the_switch_records_a_c_programs_device() {
    let program = common::build("triangle");
    let (dir, out) = common::temp_file("triangle.rgba");
    let recording = dir.path().join("field.hsrec");
    common::run_with(
        &program,
        &[out.to_str().unwrap()],
        &[("RX_VK_RECORD", recording.to_str().unwrap())],
    );
    let file = std::fs::File::open(&recording).expect("RX_VK_RECORD made the recording");
    assert!(file.metadata().unwrap().len() > 0);
    gpu::recording::Player::new(std::io::BufReader::new(file))
        .expect("the recording's header is one the player reads");
    let bytes = std::fs::read(&recording).unwrap();
    let mut reader = gpu::recording::RecordingReader::new(&bytes[..]).unwrap();
    let mut stages = Vec::new();
    while let Some(record) = reader.next_record().unwrap() {
        if let gpu::recording::Record::CreateProgram { maker, .. } = record {
            for module in maker.modules {
                let Some(gpu::objects::ModuleSource::Shader(source)) = module.source else {
                    panic!("hsProgramSetShaders keeps the source: {:?}", module.source);
                };
                assert!(matches!(
                    &source.code,
                    shader_translate::ShaderCode::Glsl(text) if text.starts_with("#version 450")
                ));
                stages.push(source.stage);
            }
        }
    }
    assert_eq!(
        stages,
        [
            shader_translate::Stage::Vertex,
            shader_translate::Stage::Fragment
        ]
    );
}
