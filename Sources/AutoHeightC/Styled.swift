import AutoHeight
import CAutoHeight

// The styled-text calls of include/autoheight.h: ah_measure_styled and ah_prepare_styled, plain
// text with the caller's runs (ah_run) and inline boxes (ah_box) read into a StyledText.

/// The `ah_run.fields` bits the ABI knows.
let knownRunFields: UInt32 = 0x1F

extension Inputs {
    /// The caller's text, runs and boxes as a styled text: every run checked for what only the
    /// ABI can get wrong (unknown field bits, a reserved field, a NULL or non-UTF-8 family, an
    /// italic other than 0 or 1); the library checks the rest when it measures.
    static func styled(
        _ text: UnsafePointer<CChar>?, length: Int, runs: UnsafePointer<ah_run>?, runCount: Int,
        boxes: UnsafePointer<ah_box>?, boxCount: Int
    ) throws(ABIError) -> StyledText {
        guard runCount >= 0 else { throw ABIError(AH_ERROR_INPUT, "invalid run_count \(runCount)") }
        guard boxCount >= 0 else { throw ABIError(AH_ERROR_INPUT, "invalid box_count \(boxCount)") }
        guard runCount == 0 || runs != nil else {
            throw ABIError(AH_ERROR_INPUT, "runs is NULL with run_count \(runCount)")
        }
        guard boxCount == 0 || boxes != nil else {
            throw ABIError(AH_ERROR_INPUT, "boxes is NULL with box_count \(boxCount)")
        }
        let string = try Inputs.text(text, length: length)
        var styleRuns: [StyleRun] = []
        styleRuns.reserveCapacity(runCount)
        for index in 0..<runCount {
            styleRuns.append(try run(runs![index], index: index))
        }
        var inlineBoxes: [InlineBox] = []
        inlineBoxes.reserveCapacity(boxCount)
        for index in 0..<boxCount {
            inlineBoxes.append(InlineBox(width: boxes![index].width, height: boxes![index].height))
        }
        return StyledText(string, runs: styleRuns, boxes: inlineBoxes)
    }

    /// One `ah_run` as a style run, or an input error naming it.
    static func run(_ run: ah_run, index: Int) throws(ABIError) -> StyleRun {
        func fail(_ reason: String) -> ABIError { ABIError(AutoHeightError.invalidRun(index: index, reason: reason)) }
        let unknown = run.fields & ~knownRunFields
        guard unknown == 0 else {
            throw fail("unknown field bits 0x\(String(unknown, radix: 16)) (fields are AH_RUN_* bits)")
        }
        guard run.reserved == 0 else { throw fail("reserved is \(run.reserved), must be 0") }
        guard let start = Int(exactly: run.start), let end = Int(exactly: run.end) else {
            throw fail("range \(run.start)..<\(run.end) does not fit an offset")
        }
        var styleRun = StyleRun(start: start, end: end)
        if run.fields & UInt32(AH_RUN_FAMILY) != 0 {
            guard let family = run.family else { throw fail("family is NULL with AH_RUN_FAMILY") }
            guard let name = String(validatingCString: family) else { throw fail("family is not UTF-8") }
            styleRun.family = name
        }
        if run.fields & UInt32(AH_RUN_WEIGHT) != 0 { styleRun.weight = Int(run.weight) }
        if run.fields & UInt32(AH_RUN_ITALIC) != 0 {
            guard run.italic == 0 || run.italic == 1 else { throw fail("italic is \(run.italic), must be 0 or 1") }
            styleRun.italic = run.italic == 1
        }
        if run.fields & UInt32(AH_RUN_SIZE) != 0 { styleRun.size = run.size }
        if run.fields & UInt32(AH_RUN_LETTER_SPACING) != 0 { styleRun.letterSpacing = run.letter_spacing }
        return styleRun
    }
}

@_cdecl("ah_measure_styled")
public func abiMeasureStyled(
    _ style: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int, _ runs: UnsafePointer<ah_run>?,
    _ runCount: Int, _ boxes: UnsafePointer<ah_box>?, _ boxCount: Int, _ widths: UnsafePointer<Double>?,
    _ widthCount: Int, _ results: UnsafeMutablePointer<ah_measurement>?,
    _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ah_status {
    reporting(message) { () throws(ABIError) in
        try measure(style, widths, widthCount, into: results) { () throws(ABIError) in
            .styled(
                try Inputs.styled(
                    text, length: length, runs: runs, runCount: runCount, boxes: boxes, boxCount: boxCount))
        }
    }
}

@_cdecl("ah_prepare_styled")
public func abiPrepareStyled(
    _ style: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int, _ runs: UnsafePointer<ah_run>?,
    _ runCount: Int, _ boxes: UnsafePointer<ah_box>?, _ boxCount: Int, _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ah_status {
    reporting(message) { () throws(ABIError) in
        let object = try Handle.object(style, as: StyleObject.self, name: "style")
        guard let out else { throw .argument("out is NULL") }
        let styled = try Inputs.styled(
            text, length: length, runs: runs, runCount: runCount, boxes: boxes, boxCount: boxCount)
        let prepared = try converting { () throws(AutoHeightError) in try object.style.prepare(styled) }
        out.pointee = Handle.make(PreparedObject(prepared: prepared, lineLimits: object.lineLimits))
    }
}
