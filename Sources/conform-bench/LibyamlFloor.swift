import CYaml
import Foundation

/// The parsing floor: libyaml (the C parser Yams carries) reading every file and scanning its
/// events, nothing else, on one thread.
enum LibyamlFloor {
    static func scan(_ files: [String]) -> (events: Int, seconds: Double) {
        var events = 0
        let (_, seconds) = time {
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                var parser = yaml_parser_t()
                guard yaml_parser_initialize(&parser) == 1 else { continue }
                data.withUnsafeBytes { raw in
                    let bytes = raw.bindMemory(to: UInt8.self)
                    yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
                    var event = yaml_event_t()
                    while yaml_parser_parse(&parser, &event) == 1 {
                        events += 1
                        let done = event.type == YAML_STREAM_END_EVENT
                        yaml_event_delete(&event)
                        if done { break }
                    }
                }
                yaml_parser_delete(&parser)
            }
        }
        return (events, seconds)
    }
}
