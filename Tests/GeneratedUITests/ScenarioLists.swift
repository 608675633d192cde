// The generated suites' scenarios as lists, for GeneratedUITestsTests (written by hand beside the generated
// files; the golden test checks that each lists as many as were planned). Each runs on a new instance, as
// XCTest runs each test method.

extension AppleCalendarConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try AppleCalendarConformanceTests().test01() }, { try AppleCalendarConformanceTests().test02() },
            { try AppleCalendarConformanceTests().test03() }, { try AppleCalendarConformanceTests().test04() },
        ]
    }
}

extension AppleContactsConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try AppleContactsConformanceTests().test01() }, { try AppleContactsConformanceTests().test02() },
            { try AppleContactsConformanceTests().test03() },
        ]
    }
}

extension AppleRemindersConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try AppleRemindersConformanceTests().test01() }, { try AppleRemindersConformanceTests().test02() },
            { try AppleRemindersConformanceTests().test03() },
        ]
    }
}

extension AppleSampleConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try AppleSampleConformanceTests().test01() }, { try AppleSampleConformanceTests().test02() },
            { try AppleSampleConformanceTests().test03() }, { try AppleSampleConformanceTests().test04() },
            { try AppleSampleConformanceTests().test05() }, { try AppleSampleConformanceTests().test06() },
        ]
    }
}

extension MakeitsoConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try MakeitsoConformanceTests().test01() }, { try MakeitsoConformanceTests().test02() },
            { try MakeitsoConformanceTests().test03() }, { try MakeitsoConformanceTests().test04() },
        ]
    }
}

extension OneHandedConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try OneHandedConformanceTests().test01() }, { try OneHandedConformanceTests().test02() },
            { try OneHandedConformanceTests().test03() }, { try OneHandedConformanceTests().test04() },
            { try OneHandedConformanceTests().test05() }, { try OneHandedConformanceTests().test06() },
        ]
    }
}

extension SwiftuiDismissDisabledConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try SwiftuiDismissDisabledConformanceTests().test01() }, { try SwiftuiDismissDisabledConformanceTests().test02() },
            { try SwiftuiDismissDisabledConformanceTests().test03() }, { try SwiftuiDismissDisabledConformanceTests().test04() },
        ]
    }
}

extension TeamDraftsConformanceTests {
    static var all: [() throws -> Void] {
        [
            { try TeamDraftsConformanceTests().test01() }, { try TeamDraftsConformanceTests().test02() },
            { try TeamDraftsConformanceTests().test03() }, { try TeamDraftsConformanceTests().test04() },
            { try TeamDraftsConformanceTests().test05() },
        ]
    }
}
