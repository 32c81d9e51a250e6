//! fst-driver: measures the fst crate natively on one key set, for Benchmarks/run.py.
//!
//!     fst-driver KEYS MISSES OUTDIR
//!     fst-driver --build KEYS OUTFILE     (Benchmarks/scale.py: a Set streamed from KEYS to OUTFILE)
//!
//! KEYS: one word per line, or word<TAB>count, in byte order; MISSES: one absent word per line.
//! Prints one JSON object: Set and Map sizes, build time, open time, exact lookup time for hits and
//! misses (best of 15 rounds), and what a top-10 costs: stream the prefix's range and keep the 10
//! best values, over every 1- and 2-letter prefix (p50/p99).
use fst::{IntoStreamer, Map, MapBuilder, Set, SetBuilder, Streamer};
use std::collections::BTreeSet;
use std::time::Instant;

fn class(count: u64, low: f64, span: f64) -> u64 {
    if span == 0.0 { 255 } else { 1 + (254.0 * ((count as f64) / low).ln() / span).round() as u64 }
}

/// Builds a Set from the sorted keys at `keys` (first field of each line) straight into `out`, reading
/// a line at a time: fst's own streaming construction, for peak-memory comparisons.
fn build_streaming(keys: &str, out: &str) {
    use std::io::{BufRead, BufReader, BufWriter};
    let writer = BufWriter::new(std::fs::File::create(out).unwrap());
    let mut builder = SetBuilder::new(writer).unwrap();
    for line in BufReader::new(std::fs::File::open(keys).unwrap()).lines() {
        let line = line.unwrap();
        let key = line.split('\t').next().unwrap();
        if !key.is_empty() { builder.insert(key).unwrap(); }
    }
    builder.finish().unwrap();
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args[1] == "--build" {
        return build_streaming(&args[2], &args[3]);
    }
    let keys_text = std::fs::read_to_string(&args[1]).unwrap();
    let misses_text = std::fs::read_to_string(&args[2]).unwrap();
    let out = &args[3];
    let mut keys: Vec<&str> = Vec::new();
    let mut counts: Vec<u64> = Vec::new();
    for line in keys_text.lines().filter(|l| !l.is_empty()) {
        let mut fields = line.split('\t');
        keys.push(fields.next().unwrap());
        counts.push(fields.next().and_then(|c| c.parse().ok()).unwrap_or(1));
    }
    let misses: Vec<&str> = misses_text.lines().filter(|l| !l.is_empty()).collect();

    let mut build = f64::INFINITY;
    let mut set_bytes = Vec::new();
    for _ in 0..3 {
        let start = Instant::now();
        let mut builder = SetBuilder::memory();
        for key in &keys { builder.insert(key).unwrap(); }
        set_bytes = builder.into_inner().unwrap();
        build = build.min(start.elapsed().as_secs_f64());
    }
    let low = *counts.iter().filter(|c| **c > 0).min().unwrap_or(&1) as f64;
    let high = *counts.iter().max().unwrap_or(&1) as f64;
    let span = (high / low).ln();
    let mut map_builder = MapBuilder::memory();
    for (key, count) in keys.iter().zip(&counts) { map_builder.insert(key, class(*count, low, span)).unwrap(); }
    let map_bytes = map_builder.into_inner().unwrap();
    let set_path = format!("{}/fst.set", out);
    std::fs::write(&set_path, &set_bytes).unwrap();
    std::fs::write(format!("{}/fst.map", out), &map_bytes).unwrap();

    let mut opens: Vec<f64> = (0..201).map(|_| {
        let start = Instant::now();
        let set = unsafe { Set::from_path(&set_path).unwrap() };
        let t = start.elapsed().as_secs_f64() * 1e6;
        assert_eq!(set.len(), keys.len());
        t
    }).collect();
    opens.sort_by(|a, b| a.partial_cmp(b).unwrap());

    let set = Set::from_bytes(set_bytes).unwrap();
    let lookup = |words: &[&str], expect: bool| -> f64 {
        let mut best = f64::INFINITY;
        for _ in 0..15 {
            let start = Instant::now();
            let found = words.iter().filter(|w| set.contains(w)).count();
            best = best.min(start.elapsed().as_secs_f64() * 1e9 / words.len() as f64);
            assert_eq!(found, if expect { words.len() } else { 0 });
        }
        best
    };
    let hit = lookup(&keys, true);
    let miss = lookup(&misses, false);

    let map = Map::from_bytes(map_bytes.clone()).unwrap();
    let mut prefixes = BTreeSet::new();
    for key in &keys {
        let mut chars = key.chars();
        let a = chars.next().unwrap();
        prefixes.insert(a.to_string());
        if let Some(b) = chars.next() { prefixes.insert(format!("{}{}", a, b)); }
    }
    let mut latencies: Vec<f64> = Vec::new();
    let mut sink = 0u64;
    for prefix in &prefixes {
        let mut best = f64::INFINITY;
        let mut upper = prefix.as_bytes().to_vec();
        *upper.last_mut().unwrap() += 1;  // the first byte string after every key with this prefix
        for _ in 0..5 {
            let start = Instant::now();
            let mut top: Vec<(u64, Vec<u8>)> = Vec::with_capacity(11);
            let mut stream = map.range().ge(prefix.as_bytes()).lt(&upper[..]).into_stream();
            while let Some((key, value)) = stream.next() {
                if top.len() < 10 || value > top[top.len() - 1].0 {
                    let at = top.iter().position(|(v, _)| value > *v).unwrap_or(top.len());
                    top.insert(at, (value, key.to_vec()));
                    top.truncate(10);
                }
            }
            best = best.min(start.elapsed().as_secs_f64() * 1e6);
            sink = sink.wrapping_add(top.len() as u64);
        }
        latencies.push(best);
    }
    latencies.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let pct = |p: f64| latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)];
    println!(
        "{{\"bytes_set\":{},\"bytes_map\":{},\"build_s\":{},\"open_us\":{},\"lookup_hit_ns\":{},\"lookup_miss_ns\":{},\"topk_p50_us\":{},\"topk_p99_us\":{},\"sink\":{}}}",
        std::fs::metadata(&set_path).unwrap().len(), map_bytes.len(), build, opens[opens.len() / 2], hit, miss, pct(0.5), pct(0.99), sink % 2
    );
}
