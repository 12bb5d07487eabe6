import CHarfBuzz

/// The HarfBuzz shape plans of one font, kept per script, direction and language, so that
/// shaping a run executes a known plan instead of looking it up in the face's plan cache on
/// every `hb_shape` call.
///
/// Sole owner of one reference to each of its `hb_shape_plan_t`s (the face's cache holds its
/// own). Holds the ``HarfBuzzFont`` too, so the face outlives the plans. Safe to share between
/// threads: plans are immutable once made, and the list is behind a lock.
final class HarfBuzzShapePlans: @unchecked Sendable {
    /// The segment properties a plan is made for (the `hb_language_t` is an interned pointer,
    /// so its address identifies the language).
    fileprivate struct Key: Equatable {
        var script: UInt32
        var isRightToLeft: Bool
        var language: UInt
    }

    /// A kept plan (immutable, so it may be shared between threads).
    private struct Entry: @unchecked Sendable {
        var key: Key
        var plan: OpaquePointer
    }

    /// Plans kept at most; further combinations (rare) make a plan per call, as `hb_shape` does.
    private static let capacity = 32

    private let font: HarfBuzzFont
    private let plans = Locked<[Entry]>([])

    init(font: HarfBuzzFont) {
        self.font = font
    }

    deinit {
        plans.withLock { list in
            for entry in list { hb_shape_plan_destroy(entry.plan) }
            list.removeAll()
        }
    }

    /// Shapes `buffer` (its direction, script and language set) with the font and no user
    /// features: what `hb_shape(font, buffer, nil, 0)` does, with the plan taken from this list
    /// (and, when the buffer's operation allowance is due for a reset, through `hb_shape`: see
    /// ``HarfBuzzBuffer/mustRestoreAllowance(units:)``).
    func shape(
        _ harfBuzzBuffer: HarfBuzzBuffer, script: Script, isRightToLeft: Bool, language: ShapingLanguage?
    ) {
        let buffer = harfBuzzBuffer.buffer
        if harfBuzzBuffer.mustRestoreAllowance(units: Int(hb_buffer_get_length(buffer))) {
            hb_shape(font.font, buffer, nil, 0)
            return
        }
        let key = Key(script: script.tag, isRightToLeft: isRightToLeft, language: language.identity)
        if let recent = harfBuzzBuffer.recentPlans.plan(of: self, key: key) {
            hb_shape_plan_execute(recent, font.font, buffer, nil, 0)
            return
        }
        if let known = plans.withLock({ list in list.first(where: { $0.key == key })?.plan }) {
            harfBuzzBuffer.recentPlans.keep(known, of: self, key: key)
            hb_shape_plan_execute(known, font.font, buffer, nil, 0)
            return
        }
        var properties = hb_segment_properties_t()
        hb_buffer_get_segment_properties(buffer, &properties)
        var coordinateCount: UInt32 = 0
        let coordinates = hb_font_get_var_coords_normalized(font.font, &coordinateCount)
        guard
            let made = hb_shape_plan_create_cached2(
                font.face, &properties, nil, 0, coordinates, coordinateCount, nil)
        else {
            hb_shape(font.font, buffer, nil, 0)
            return
        }
        hb_shape_plan_execute(made, font.font, buffer, nil, 0)
        let kept = plans.withLock { list -> Bool in
            if list.contains(where: { $0.key == key }) || list.count >= Self.capacity { return false }
            list.append(Entry(key: key, plan: made))
            return true
        }
        if !kept { hb_shape_plan_destroy(made) }
    }
}

/// The shape plans a buffer used last, found without the font's lock: for the thread that owns
/// the buffer, during one preparation (``forget()`` at its end, so that no font outlives it
/// here). Each entry holds its plans' owner, which keeps the plan alive.
struct RecentShapePlans {
    private struct Entry {
        let owner: HarfBuzzShapePlans
        let key: HarfBuzzShapePlans.Key
        let plan: OpaquePointer
    }

    /// The most plans kept.
    private static let capacity = 8
    private var entries: [Entry] = []
    private var next = 0

    /// The plan kept for `key` of `owner`'s font, if any.
    fileprivate func plan(of owner: HarfBuzzShapePlans, key: HarfBuzzShapePlans.Key) -> OpaquePointer? {
        for entry in entries where entry.owner === owner && entry.key == key { return entry.plan }
        return nil
    }

    /// Keeps `plan` (owned by `owner`) for `key`, in place of the oldest when full.
    fileprivate mutating func keep(_ plan: OpaquePointer, of owner: HarfBuzzShapePlans, key: HarfBuzzShapePlans.Key) {
        let entry = Entry(owner: owner, key: key, plan: plan)
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            entries[next] = entry
            next = (next + 1) % Self.capacity
        }
    }

    /// Lets go of every plan and its owner.
    mutating func forget() {
        entries.removeAll(keepingCapacity: true)
        next = 0
    }
}
