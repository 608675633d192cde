// The generated suites' scenarios as lists, for GeneratedUITestsTests (written by hand beside the generated files).

extension AppleCalendarConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try AppleCalendarConformanceTests().scenario01() }, { try AppleCalendarConformanceTests().scenario02() },
            { try AppleCalendarConformanceTests().scenario03() }, { try AppleCalendarConformanceTests().scenario04() },
        ]
    }
}

extension AppleContactsConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try AppleContactsConformanceTests().scenario01() }, { try AppleContactsConformanceTests().scenario02() },
            { try AppleContactsConformanceTests().scenario03() },
        ]
    }
}

extension AppleRemindersConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try AppleRemindersConformanceTests().scenario01() }, { try AppleRemindersConformanceTests().scenario02() },
            { try AppleRemindersConformanceTests().scenario03() },
        ]
    }
}

extension AppleSampleConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try AppleSampleConformanceTests().scenario01() }, { try AppleSampleConformanceTests().scenario02() },
            { try AppleSampleConformanceTests().scenario03() }, { try AppleSampleConformanceTests().scenario04() },
            { try AppleSampleConformanceTests().scenario05() }, { try AppleSampleConformanceTests().scenario06() },
        ]
    }
}

extension MakeitsoConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try MakeitsoConformanceTests().scenario01() }, { try MakeitsoConformanceTests().scenario02() },
            { try MakeitsoConformanceTests().scenario03() }, { try MakeitsoConformanceTests().scenario04() },
        ]
    }
}

extension OneHandedConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try OneHandedConformanceTests().scenario01() }, { try OneHandedConformanceTests().scenario02() },
            { try OneHandedConformanceTests().scenario03() }, { try OneHandedConformanceTests().scenario04() },
            { try OneHandedConformanceTests().scenario05() }, { try OneHandedConformanceTests().scenario06() },
        ]
    }
}

extension SwiftuiDismissDisabledConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try SwiftuiDismissDisabledConformanceTests().scenario01() }, { try SwiftuiDismissDisabledConformanceTests().scenario02() },
            { try SwiftuiDismissDisabledConformanceTests().scenario03() }, { try SwiftuiDismissDisabledConformanceTests().scenario04() },
        ]
    }
}
