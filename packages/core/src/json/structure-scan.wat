;; The exact JSON parser's fast pass (parse-json-body.ts, scanNumbersAndKeys) over 64 bytes at a time, with WebAssembly
;; SIMD: a prefilter that answers the same colon count, or tells the parser to run its own byte loop instead.
;;
;; The body is scanned a window at a time (the caller copies each into memory and scans it while it is still in the
;; cache): `start()`, then `scan(len)` per window, in order. `scan(len)` reads the window at BASE (256) .. BASE+len, a
;; multiple of 64 bytes except in the last window, which the caller follows with 64 zero bytes (its last block's
;; padding); what a window leaves open (a string, an escape, a run of digits, the open objects) carries over to the next
;; through the globals below. Each call answers, for the body so far:
;;   -1  run the exact byte loop: the body has a backslash outside strings (not JSON), a colon after a string
;;       longer than MAX_MEMBER_NAME_BYTES (the byte loop's test of a member name), nesting that reaches
;;       MAX_DEPTH, 32 objects open at once, or an object with more than MAX_OBJECT_MEMBERS members: every case where
;;       the byte loop could refuse the body, and a few where it would not;
;;   n   the number of colons outside strings (exactly the byte loop's count), with
;;       the global `suspicious` set when the body might hold a number token with an exponent (an `e` or `E` after a
;;       digit, outside strings) or with more than 15 significant digits (16 or more digits and dots in a row, outside
;;       strings). For valid JSON this covers every token the byte loop calls suspicious (an exponent always follows a
;;       digit; 16 significant digits are 16 digits in a row, dots aside); a false alarm only costs the slow pass,
;;       which decides.
;;
;; Strings: a quote not escaped by an odd run of backslashes opens or closes one, as the byte loop reads them, so the
;; bytes inside are the prefix XOR of those quote bits (carried from block to block). Up to the first backslash outside
;; strings (where this pass gives up) the two agree on every byte. Structure: the brackets outside strings are visited
;; in order, with the colons before each one credited to the innermost open object, as the byte loop counts them (an object's member count on
;; a stack of 32 slots at address 0).
(module
  (memory (export "memory") 1)
  (global $suspicious (export "suspicious") (mut i32) (i32.const 0))

  ;; What one window's scan hands to the next (the locals of the same names in `scan`), reset by `start`. The last
  ;; quote's position is kept relative to the end of the window it was in, the next window starting right there.
  (global $escapeCarryState (mut i64) (i64.const 0))
  (global $carryState (mut i64) (i64.const 0))
  (global $previousDigitState (mut i64) (i64.const 0))
  (global $runState (mut i32) (i32.const 0))
  (global $colonsState (mut i32) (i32.const 0))
  (global $lastQuoteState (mut i32) (i32.const 0))
  (global $seenQuoteState (mut i32) (i32.const 0))
  (global $afterLongStringState (mut i32) (i32.const 0))
  (global $depthState (mut i32) (i32.const 0))
  (global $nestingState (mut i32) (i32.const 0))

  ;; A new body: nothing open, nothing counted.
  (func (export "start")
    (global.set $suspicious (i32.const 0))
    (global.set $escapeCarryState (i64.const 0))
    (global.set $carryState (i64.const 0))
    (global.set $previousDigitState (i64.const 0))
    (global.set $runState (i32.const 0))
    (global.set $colonsState (i32.const 0))
    (global.set $lastQuoteState (i32.const 0))
    (global.set $seenQuoteState (i32.const 0))
    (global.set $afterLongStringState (i32.const 0))
    (global.set $depthState (i32.const 0))
    (global.set $nestingState (i32.const 0)))

  ;; One bit per byte of the 64 bytes in four vectors of comparison results: bit i is byte i.
  (func $bits (param $a v128) (param $b v128) (param $c v128) (param $d v128) (result i64)
    (i64.or
      (i64.or
        (i64.extend_i32_u (i8x16.bitmask (local.get $a)))
        (i64.shl (i64.extend_i32_u (i8x16.bitmask (local.get $b))) (i64.const 16)))
      (i64.or
        (i64.shl (i64.extend_i32_u (i8x16.bitmask (local.get $c))) (i64.const 32))
        (i64.shl (i64.extend_i32_u (i8x16.bitmask (local.get $d))) (i64.const 48)))))

  ;; The bytes equal to `byte`.
  (func $eq (param $a v128) (param $b v128) (param $c v128) (param $d v128) (param $byte i32) (result i64)
    (local $s v128)
    (local.set $s (i8x16.splat (local.get $byte)))
    (call $bits
      (i8x16.eq (local.get $a) (local.get $s))
      (i8x16.eq (local.get $b) (local.get $s))
      (i8x16.eq (local.get $c) (local.get $s))
      (i8x16.eq (local.get $d) (local.get $s))))

  ;; The ASCII digits.
  (func $digits (param $a v128) (param $b v128) (param $c v128) (param $d v128) (result i64)
    (local $zero v128)
    (local $ten v128)
    (local.set $zero (i8x16.splat (i32.const 48)))
    (local.set $ten (i8x16.splat (i32.const 10)))
    (call $bits
      (i8x16.lt_u (i8x16.sub (local.get $a) (local.get $zero)) (local.get $ten))
      (i8x16.lt_u (i8x16.sub (local.get $b) (local.get $zero)) (local.get $ten))
      (i8x16.lt_u (i8x16.sub (local.get $c) (local.get $zero)) (local.get $ten))
      (i8x16.lt_u (i8x16.sub (local.get $d) (local.get $zero)) (local.get $ten))))

  ;; `e` and `E` (the only bytes that read `e` with the case bit set).
  (func $exponents (param $a v128) (param $b v128) (param $c v128) (param $d v128) (result i64)
    (local $case v128)
    (local $e v128)
    (local.set $case (i8x16.splat (i32.const 32)))
    (local.set $e (i8x16.splat (i32.const 101)))
    (call $bits
      (i8x16.eq (v128.or (local.get $a) (local.get $case)) (local.get $e))
      (i8x16.eq (v128.or (local.get $b) (local.get $case)) (local.get $e))
      (i8x16.eq (v128.or (local.get $c) (local.get $case)) (local.get $e))
      (i8x16.eq (v128.or (local.get $d) (local.get $case)) (local.get $e))))

  ;; Adds `count` colons to the innermost open object's members; false when it would pass 1000.
  (func $credit (param $depth i32) (param $count i32) (result i32)
    (local $slot i32)
    (local $members i32)
    (if (i32.eqz (local.get $depth)) (then (return (i32.const 1))))
    (local.set $slot (i32.shl (i32.sub (local.get $depth) (i32.const 1)) (i32.const 2)))
    (local.set $members (i32.add (i32.load (local.get $slot)) (local.get $count)))
    (i32.store (local.get $slot) (local.get $members))
    (i32.le_u (local.get $members) (i32.const 1000)))

  (func (export "scan") (param $len i32) (result i32)
    (local $p i32)
    (local $end i32)
    (local $a v128)
    (local $b v128)
    (local $c v128)
    (local $d v128)
    (local $quote i64)
    (local $backslash i64)
    (local $escapeCarry i64)
    (local $follows i64)
    (local $starts i64)
    (local $sum i64)
    (local $inside i64)
    (local $carry i64)
    (local $outside i64)
    (local $colon i64)
    (local $digit i64)
    (local $previousDigit i64)
    (local $number i64)
    (local $t i64)
    (local $open i64)
    (local $close i64)
    (local $openArray i64)
    (local $events i64)
    (local $bit i64)
    (local $below i64)
    (local $colons i32)
    (local $run i32)
    (local $lastQuote i32)
    (local $seenQuote i32)
    (local $first i64)
    (local $region i64)
    (local $afterLongString i32)
    (local $depth i32)
    (local $nesting i32)
    (local.set $p (i32.const 256))
    (local.set $end (i32.add (i32.const 256) (local.get $len)))
    (local.set $escapeCarry (global.get $escapeCarryState))
    (local.set $carry (global.get $carryState))
    (local.set $previousDigit (global.get $previousDigitState))
    (local.set $run (global.get $runState))
    (local.set $colons (global.get $colonsState))
    (local.set $lastQuote (i32.add (i32.const 256) (global.get $lastQuoteState)))
    (local.set $seenQuote (global.get $seenQuoteState))
    (local.set $afterLongString (global.get $afterLongStringState))
    (local.set $depth (global.get $depthState))
    (local.set $nesting (global.get $nestingState))
    (block $done
      (loop $block
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $a (v128.load (local.get $p)))
        (local.set $b (v128.load offset=16 (local.get $p)))
        (local.set $c (v128.load offset=32 (local.get $p)))
        (local.set $d (v128.load offset=48 (local.get $p)))
        ;; Escapes: the characters after an odd run of backslashes (simdjson's find_escaped_branchless), so that an
        ;; escaped quote neither opens nor closes a string. The carry says the next block's first byte is escaped.
        (local.set $backslash (call $eq (local.get $a) (local.get $b) (local.get $c) (local.get $d) (i32.const 92)))
        (local.set $quote (call $eq (local.get $a) (local.get $b) (local.get $c) (local.get $d) (i32.const 34)))
        (if (i64.ne (i64.or (local.get $backslash) (local.get $escapeCarry)) (i64.const 0))
          (then
            (local.set $t (i64.and (local.get $backslash) (i64.xor (local.get $escapeCarry) (i64.const -1))))
            (local.set $follows (i64.or (i64.shl (local.get $t) (i64.const 1)) (local.get $escapeCarry)))
            (local.set $starts
              (i64.and
                (i64.and (local.get $t) (i64.const 0xAAAAAAAAAAAAAAAA))
                (i64.xor (local.get $follows) (i64.const -1))))
            (local.set $sum (i64.add (local.get $starts) (local.get $t)))
            (local.set $escapeCarry (i64.extend_i32_u (i64.lt_u (local.get $sum) (local.get $starts))))
            (local.set $quote
              (i64.and
                (local.get $quote)
                (i64.xor
                  (i64.and
                    (i64.xor (i64.const 0x5555555555555555) (i64.shl (local.get $sum) (i64.const 1)))
                    (local.get $follows))
                  (i64.const -1))))))

        ;; Strings: the prefix XOR of the (unescaped) quote bits, carried over from the previous block.
        (local.set $inside (local.get $quote))
        (local.set $inside (i64.xor (local.get $inside) (i64.shl (local.get $inside) (i64.const 1))))
        (local.set $inside (i64.xor (local.get $inside) (i64.shl (local.get $inside) (i64.const 2))))
        (local.set $inside (i64.xor (local.get $inside) (i64.shl (local.get $inside) (i64.const 4))))
        (local.set $inside (i64.xor (local.get $inside) (i64.shl (local.get $inside) (i64.const 8))))
        (local.set $inside (i64.xor (local.get $inside) (i64.shl (local.get $inside) (i64.const 16))))
        (local.set $inside (i64.xor (local.get $inside) (i64.shl (local.get $inside) (i64.const 32))))
        (local.set $inside (i64.xor (local.get $inside) (local.get $carry)))
        (local.set $carry (i64.shr_s (local.get $inside) (i64.const 63)))
        (local.set $outside (i64.xor (local.get $inside) (i64.const -1)))
        ;; A backslash outside strings is not JSON: the byte loop reads it its own way.
        (if (i64.ne (i64.and (local.get $backslash) (local.get $outside)) (i64.const 0))
          (then (return (i32.const -1))))

        (local.set $colon
          (i64.and (call $eq (local.get $a) (local.get $b) (local.get $c) (local.get $d) (i32.const 58)) (local.get $outside)))
        (local.set $colons (i32.add (local.get $colons) (i32.wrap_i64 (i64.popcnt (local.get $colon)))))

        ;; Member names: the byte loop refuses a colon that follows a string (the last one closed) longer than 128
        ;; bytes. Strings within a block are shorter, so a long string is one whose closing quote is the first quote of
        ;; its block, more than 129 bytes after its opening quote. The colons from there to the next closing quote (in
        ;; this block or a later one) follow it: those the byte loop decides.
        (local.set $region (i64.const -1))
        (if (i64.ne (local.get $quote) (i64.const 0))
          (then
            (local.set $first (i64.and (local.get $quote) (i64.sub (i64.const 0) (local.get $quote))))
            (if (i32.and
                  (i32.and (local.get $seenQuote) (i64.ne (i64.and (local.get $first) (local.get $outside)) (i64.const 0)))
                  (i32.gt_s
                    (i32.sub
                      (i32.add (local.get $p) (i32.wrap_i64 (i64.ctz (local.get $quote))))
                      (local.get $lastQuote))
                    (i32.const 129)))
              (then
                (local.set $afterLongString (i32.const 1))
                ;; the bits after the closing quote
                (local.set $region
                  (i64.xor (i64.or (local.get $first) (i64.sub (local.get $first) (i64.const 1))) (i64.const -1)))))
            (local.set $seenQuote (i32.const 1))
            (local.set $lastQuote
              (i32.add (local.get $p) (i32.sub (i32.const 63) (i32.wrap_i64 (i64.clz (local.get $quote))))))))
        (if (local.get $afterLongString)
          (then
            ;; up to the next closing quote, when this block has one after the region's start
            (local.set $t (i64.and (i64.and (local.get $quote) (local.get $outside)) (local.get $region)))
            (if (i64.ne (local.get $t) (i64.const 0))
              (then
                (local.set $region
                  (i64.and
                    (local.get $region)
                    (i64.sub (i64.and (local.get $t) (i64.sub (i64.const 0) (local.get $t))) (i64.const 1))))
                (local.set $afterLongString (i32.const 0))))
            (if (i64.ne (i64.and (local.get $colon) (local.get $region)) (i64.const 0))
              (then (return (i32.const -1))))))

        ;; Numbers: an exponent after a digit, or 16 digits and dots in a row (across blocks too).
        (local.set $digit
          (i64.and (call $digits (local.get $a) (local.get $b) (local.get $c) (local.get $d)) (local.get $outside)))
        (if (i64.ne
              (i64.and
                (i64.and (call $exponents (local.get $a) (local.get $b) (local.get $c) (local.get $d)) (local.get $outside))
                (i64.or (i64.shl (local.get $digit) (i64.const 1)) (local.get $previousDigit)))
              (i64.const 0))
          (then (global.set $suspicious (i32.const 1))))
        (local.set $previousDigit (i64.shr_u (local.get $digit) (i64.const 63)))
        (local.set $number
          (i64.or
            (local.get $digit)
            (i64.and (call $eq (local.get $a) (local.get $b) (local.get $c) (local.get $d) (i32.const 46)) (local.get $outside))))
        (if (i32.ge_u
              (i32.add (local.get $run) (i32.wrap_i64 (i64.ctz (i64.xor (local.get $number) (i64.const -1)))))
              (i32.const 16))
          (then (global.set $suspicious (i32.const 1))))
        (local.set $t (i64.and (local.get $number) (i64.shr_u (local.get $number) (i64.const 1))))
        (local.set $t (i64.and (local.get $t) (i64.shr_u (local.get $t) (i64.const 2))))
        (local.set $t (i64.and (local.get $t) (i64.shr_u (local.get $t) (i64.const 4))))
        (local.set $t (i64.and (local.get $t) (i64.shr_u (local.get $t) (i64.const 8))))
        (if (i64.ne (local.get $t) (i64.const 0)) (then (global.set $suspicious (i32.const 1))))
        (if (i64.eq (local.get $number) (i64.const -1))
          (then (local.set $run (i32.add (local.get $run) (i32.const 64))))
          (else (local.set $run (i32.wrap_i64 (i64.clz (i64.xor (local.get $number) (i64.const -1)))))))

        ;; Structure: each bracket outside strings in order, the colons before it credited to the innermost object.
        (local.set $open
          (i64.and (call $eq (local.get $a) (local.get $b) (local.get $c) (local.get $d) (i32.const 123)) (local.get $outside)))
        (local.set $close
          (i64.and (call $eq (local.get $a) (local.get $b) (local.get $c) (local.get $d) (i32.const 125)) (local.get $outside)))
        (local.set $openArray
          (i64.and (call $eq (local.get $a) (local.get $b) (local.get $c) (local.get $d) (i32.const 91)) (local.get $outside)))
        (local.set $events
          (i64.or
            (i64.or (local.get $open) (local.get $close))
            (i64.or
              (local.get $openArray)
              (i64.and
                (call $eq (local.get $a) (local.get $b) (local.get $c) (local.get $d) (i32.const 93))
                (local.get $outside)))))
        (block $visited
          (loop $visit
            (br_if $visited (i64.eqz (local.get $events)))
            (local.set $bit (i64.and (local.get $events) (i64.sub (i64.const 0) (local.get $events))))
            (local.set $below (i64.sub (local.get $bit) (i64.const 1)))
            (if (i32.eqz
                  (call $credit (local.get $depth) (i32.wrap_i64 (i64.popcnt (i64.and (local.get $colon) (local.get $below))))))
              (then (return (i32.const -1))))
            (local.set $colon (i64.and (local.get $colon) (i64.xor (local.get $below) (i64.const -1))))
            (if (i64.ne (i64.and (local.get $bit) (local.get $open)) (i64.const 0))
              (then
                (local.set $nesting (i32.add (local.get $nesting) (i32.const 1)))
                (if (i32.or (i32.ge_u (local.get $nesting) (i32.const 32)) (i32.ge_u (local.get $depth) (i32.const 32)))
                  (then (return (i32.const -1))))
                (i32.store (i32.shl (local.get $depth) (i32.const 2)) (i32.const 0))
                (local.set $depth (i32.add (local.get $depth) (i32.const 1))))
              (else
                (if (i64.ne (i64.and (local.get $bit) (local.get $close)) (i64.const 0))
                  (then
                    (if (i32.gt_u (local.get $depth) (i32.const 0))
                      (then (local.set $depth (i32.sub (local.get $depth) (i32.const 1)))))
                    (if (i32.gt_u (local.get $nesting) (i32.const 0))
                      (then (local.set $nesting (i32.sub (local.get $nesting) (i32.const 1))))))
                  (else
                    (if (i64.ne (i64.and (local.get $bit) (local.get $openArray)) (i64.const 0))
                      (then
                        (local.set $nesting (i32.add (local.get $nesting) (i32.const 1)))
                        (if (i32.ge_u (local.get $nesting) (i32.const 32)) (then (return (i32.const -1)))))
                      (else
                        (if (i32.gt_u (local.get $nesting) (i32.const 0))
                          (then (local.set $nesting (i32.sub (local.get $nesting) (i32.const 1)))))))))))
            (local.set $events (i64.xor (local.get $events) (local.get $bit)))
            (br $visit)))
        (if (i32.eqz (call $credit (local.get $depth) (i32.wrap_i64 (i64.popcnt (local.get $colon)))))
          (then (return (i32.const -1))))
        (local.set $p (i32.add (local.get $p) (i32.const 64)))
        (br $block)))
    (global.set $escapeCarryState (local.get $escapeCarry))
    (global.set $carryState (local.get $carry))
    (global.set $previousDigitState (local.get $previousDigit))
    (global.set $runState (local.get $run))
    (global.set $colonsState (local.get $colons))
    (global.set $lastQuoteState (i32.sub (local.get $lastQuote) (local.get $end)))
    (global.set $seenQuoteState (local.get $seenQuote))
    (global.set $afterLongStringState (local.get $afterLongString))
    (global.set $depthState (local.get $depth))
    (global.set $nestingState (local.get $nesting))
    (local.get $colons)))
