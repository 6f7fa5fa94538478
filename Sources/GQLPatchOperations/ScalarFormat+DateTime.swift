extension ScalarFormat {
    private static let dateForm = "expected YYYY-MM-DD with an optional offset Z, ±hh:mm or ±hh:mm:ss"
    private static let timeForm =
        "expected hh:mm, hh:mm:ss or hh:mm:ss.sss with an optional offset Z, ±hh:mm or ±hh:mm:ss"
    private static let dateTimeForm = "expected YYYY-MM-DDThh:mm[:ss[.sss]] followed by Z, ±hh:mm or ±hh:mm:ss"
    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    package static func dateProblem(_ text: String) -> String? {
        var cursor = Cursor(text)
        if let problem = cursor.date(form: dateForm) { return problem }
        if cursor.isAtEnd { return nil }
        if let problem = cursor.offset(form: dateForm) { return problem }
        return cursor.isAtEnd ? nil : dateForm
    }

    package static func timeProblem(_ text: String) -> String? {
        var cursor = Cursor(text)
        if let problem = cursor.time(form: timeForm) { return problem }
        if cursor.isAtEnd { return nil }
        if let problem = cursor.offset(form: timeForm) { return problem }
        return cursor.isAtEnd ? nil : timeForm
    }

    package static func dateTimeProblem(_ text: String) -> String? {
        var cursor = Cursor(text)
        if let problem = cursor.date(form: dateTimeForm) { return problem }
        guard cursor.take(UInt8(ascii: "T")) else { return dateTimeForm }
        if let problem = cursor.time(form: dateTimeForm) { return problem }
        if cursor.isAtEnd { return "a time zone offset (Z or ±hh:mm) is required" }
        if let problem = cursor.offset(form: dateTimeForm) { return problem }
        return cursor.isAtEnd ? nil : dateTimeForm
    }

    package static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Reads ISO 8601 pieces from the UTF-8 bytes of a text.
    private struct Cursor {
        package let bytes: [UInt8]
        package var index = 0

        package init(_ text: String) {
            bytes = Array(text.utf8)
        }

        package var isAtEnd: Bool { index == bytes.count }

        package mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// Exactly `count` digits as a number.
        package mutating func number(digits count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard ScalarFormat.isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        package mutating func date(form: String) -> String? {
            guard let year = number(digits: 4), take(UInt8(ascii: "-")), let month = number(digits: 2),
                take(UInt8(ascii: "-")), let day = number(digits: 2)
            else { return form }
            guard (1...12).contains(month) else { return "month \(month)" }
            guard (1...31).contains(day) else { return "day \(day)" }
            let days = ScalarFormat.daysIn(month: month, year: year)
            guard day <= days else {
                return "day \(day), \(ScalarFormat.monthNames[month - 1]) \(year) has \(days) days"
            }
            return nil
        }

        package mutating func time(form: String) -> String? {
            guard let hour = number(digits: 2), take(UInt8(ascii: ":")), let minute = number(digits: 2) else {
                return form
            }
            guard hour <= 23 else { return "hour \(hour)" }
            guard minute <= 59 else { return "minute \(minute)" }
            guard take(UInt8(ascii: ":")) else { return nil }
            guard let second = number(digits: 2) else { return form }
            guard second <= 59 else { return "second \(second)" }
            guard take(UInt8(ascii: ".")) else { return nil }
            let start = index
            while index < bytes.count, ScalarFormat.isDigit(bytes[index]) { index += 1 }
            guard (1...9).contains(index - start) else { return "1 to 9 digits are allowed after the seconds' point" }
            return nil
        }

        package mutating func offset(form: String) -> String? {
            if take(UInt8(ascii: "Z")) { return nil }
            guard take(UInt8(ascii: "+")) || take(UInt8(ascii: "-")) else { return form }
            guard let hour = number(digits: 2), take(UInt8(ascii: ":")), let minute = number(digits: 2) else {
                return form
            }
            guard hour <= 23 else { return "offset hour \(hour)" }
            guard minute <= 59 else { return "offset minute \(minute)" }
            guard take(UInt8(ascii: ":")) else { return nil }
            guard let second = number(digits: 2) else { return form }
            guard second <= 59 else { return "offset second \(second)" }
            return nil
        }
    }
}
