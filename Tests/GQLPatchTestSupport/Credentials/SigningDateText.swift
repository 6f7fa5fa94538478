import AWSSigning

/// RFC 3339 text for a moment, to build canned replies relative to a test clock.
package enum SigningDateText {
    package static func iso(_ seconds: Int) -> String {
        let date = SigningDate(secondsSince1970: seconds)
        let amz = date.amzDate  // 20231114T221320Z
        let d = Array(amz)
        return String(d[0..<4]) + "-" + String(d[4..<6]) + "-" + String(d[6..<8]) + "T" + String(d[9..<11]) + ":"
            + String(d[11..<13]) + ":" + String(d[13..<15]) + "Z"
    }
}
