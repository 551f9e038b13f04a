//! Long lists worked on by every core: a large field has hundreds of thousands of
//! pairs, and making their results and the lines of their report took as long as
//! scoring the boards while the other cores waited.

use std::cmp::Ordering;
use std::mem::MaybeUninit;

/// Lists shorter than this are done on the calling thread, where a thread would cost
/// more than it saves (a field of 10,000 pairs gained nothing from its pairs' lines
/// being made on two cores: each thread's fresh memory cost as much).
const LONG: usize = 32_768;

/// Work going through fewer items than this (a session's results) is done in one
/// range ([`ranges`]): below it, scoring a field's boards and totals on two cores saved
/// less than its threads cost.
const LONG_WORK: usize = 131_072;

/// The most parts a list is cut into, however many cores there are.
const MOST: usize = 8;

#[cfg(test)]
thread_local! {
    /// What counts as long in this thread's tests ([`split_from`]).
    static TEST_LONG: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` with lists of `long` items or more cut into three parts, however many cores
/// the machine has, so that tests of the callers work on short lists in uneven parts.
#[cfg(test)]
pub(crate) fn split_from<R>(long: usize, f: impl FnOnce() -> R) -> R {
    /// Puts the threshold back however `f` ends.
    struct Restore(Option<usize>);
    impl Drop for Restore {
        fn drop(&mut self) {
            TEST_LONG.with(|t| t.set(self.0));
        }
    }
    let _restore = Restore(TEST_LONG.with(|t| t.replace(Some(long))));
    f()
}

/// How many parts a list of `n` items is worked on in.
fn parts_for(n: usize, long: usize) -> usize {
    #[cfg(test)]
    if let Some(long) = TEST_LONG.with(|t| t.get()) {
        return if n < long { 1 } else { 3 };
    }
    if n < long {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |c| c.get().min(MOST))
    }
}

/// Runs `each` on every part, the first on the calling thread and every other on a
/// thread of its own ([`start`]); a panic in any part is the caller's, as on one thread.
fn run<P: Send>(parts: impl Iterator<Item = P>, each: &(impl Fn(P) + Sync)) {
    std::thread::scope(|s| {
        let mut parts = parts;
        let first = parts.next();
        let others: Vec<_> = parts.map(|p| start(s, move || each(p))).collect();
        if let Some(p) = first {
            each(p);
        }
        for h in others {
            h.join();
        }
    });
}

/// Gives `value` back on a thread of its own: a large field's millions of results,
/// lines and report cells took as long to free as to print or rank, and the caller
/// need not wait for that (when the process ends first, its ending frees them).
pub fn free_behind<T: Send + 'static>(value: T) {
    // When no thread can be had, the value goes with the closure, freed here as before.
    let _ = std::thread::Builder::new().spawn(move || drop(value));
}

/// Gives back `value`, of `work` items: on a thread of its own ([`free_behind`]) when
/// that is [long work](long_work), at once when it is not (a thread costs more).
pub fn free_behind_if_long<T: Send + 'static>(value: T, work: usize) {
    if long_work(work) {
        free_behind(value);
    } else {
        drop(value);
    }
}

/// Work started on a thread of its own by [`start`], or left for the calling thread.
pub enum Started<'scope, T, F> {
    /// On its own thread.
    Thread(std::thread::ScopedJoinHandle<'scope, Option<T>>),
    /// Not started (the system would not give a thread): done when joined.
    Here(F),
}

thread_local! {
    /// Whether [`start`] on this thread acts as if the system gave no thread
    /// ([`without_threads`]).
    static REFUSING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with [`start`] leaving all work to the calling thread, as when the system
/// gives no more threads: for tests that the work comes out the same, or fails cleanly.
/// Only this thread's [`start`] refuses (all of `f`'s work then runs on it); other
/// threads, such as other tests running beside it, start theirs as usual.
#[doc(hidden)]
pub fn without_threads<R>(f: impl FnOnce() -> R) -> R {
    /// Puts this thread's setting back however `f` ends.
    struct Again(bool);
    impl Drop for Again {
        fn drop(&mut self) {
            REFUSING.with(|r| r.set(self.0));
        }
    }
    let _again = Again(REFUSING.with(|r| r.replace(true)));
    f()
}

/// Starts `work` on a thread of its own in `scope`; when the system gives no thread
/// (too many threads, too little memory), the work is left to be done on the calling
/// thread when it is joined, instead of the panic `Scope::spawn` makes.
pub fn start<'scope, 'env, T, F>(
    scope: &'scope std::thread::Scope<'scope, 'env>,
    work: F,
) -> Started<'scope, T, F>
where
    T: Send + 'scope,
    F: FnOnce() -> T + Send + 'scope,
{
    if REFUSING.with(std::cell::Cell::get) {
        return Started::Here(work);
    }
    // The work is handed over through a slot: a thread that cannot be started drops
    // what it was given, and the work is then still here.
    let slot = std::sync::Arc::new(std::sync::Mutex::new(Some(work)));
    let theirs = std::sync::Arc::clone(&slot);
    let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
        let work = theirs.lock().unwrap_or_else(|e| e.into_inner()).take();
        work.map(|w| w())
    });
    match spawned {
        Ok(handle) => Started::Thread(handle),
        Err(_) => Started::Here(
            slot.lock()
                .unwrap_or_else(|e| e.into_inner())
                .take()
                .expect("work whose thread did not start is still in its slot"),
        ),
    }
}

impl<T, F> Started<'_, T, F> {
    /// Whether the work runs on a thread of its own. Work that does not is let go with
    /// this value, unless it is joined.
    pub fn on_its_own_thread(&self) -> bool {
        matches!(self, Started::Thread(_))
    }
}

impl<T, F: FnOnce() -> T> Started<'_, T, F> {
    /// The work's result: waited for, or worked out now. A panic in the work is the
    /// caller's, as on one thread.
    pub fn join(self) -> T {
        match self {
            Started::Thread(h) => h
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e))
                .expect("a started thread finds its work in the slot"),
            Started::Here(work) => work(),
        }
    }
}

/// `each` of consecutive parts of `items`, in order: the whole list in one part when it
/// is short, else one part per core.
pub fn in_parts<'a, T: Sync, U: Send>(
    items: &'a [T],
    each: impl Fn(&'a [T]) -> U + Sync,
) -> Vec<U> {
    in_parts_from(items, LONG, each)
}

/// [`in_parts`] of lists from `long` items on (for work heavier per item than usual).
pub fn in_parts_from<'a, T: Sync, U: Send>(
    items: &'a [T],
    long: usize,
    work: impl Fn(&'a [T]) -> U + Sync,
) -> Vec<U> {
    let parts = parts_for(items.len(), long);
    if parts <= 1 {
        return vec![work(items)];
    }
    let size = items.len().div_ceil(parts);
    let parts: Vec<&'a [T]> = items.chunks(size).collect();
    each(&parts, |part| work(part))
}

/// Whether work going through `work` items is long enough to share between the cores
/// (what makes [`ranges`] cut it).
pub fn long_work(work: usize) -> bool {
    parts_for(work, LONG_WORK) > 1
}

/// `0..n` in one range per core when the work of the ranges goes through `work` items
/// ([`LONG_WORK`]) or more, else in one range.
pub fn ranges(n: usize, work: usize) -> Vec<std::ops::Range<usize>> {
    let parts = parts_for(work, LONG_WORK).clamp(1, n.max(1));
    let size = n.div_ceil(parts).max(1);
    let mut out: Vec<_> = (0..n).step_by(size).map(|a| a..(a + size).min(n)).collect();
    if out.is_empty() {
        out.push(0..0);
    }
    out
}

/// `f` of every item, in order, each on a thread of its own (the first on the calling
/// thread); for a few large pieces of work, such as [`ranges`].
pub fn each<T: Sync, U: Send>(items: &[T], f: impl Fn(&T) -> U + Sync) -> Vec<U> {
    if items.len() <= 1 {
        return items.iter().map(f).collect();
    }
    let mut done: Vec<Option<U>> = items.iter().map(|_| None).collect();
    run(items.iter().zip(done.iter_mut()), &|(item, slot)| {
        *slot = Some(f(item))
    });
    done.into_iter()
        .map(|d| d.expect("every item is done"))
        .collect()
}

/// Sorts `items` by `order` as `slice::sort_by` does (stably); a long list in one part
/// per core, the sorted parts then merged.
pub fn sort_by<T: Send + Copy>(items: &mut Vec<T>, order: impl Fn(&T, &T) -> Ordering + Sync) {
    let parts = parts_for(items.len(), LONG);
    if parts <= 1 {
        items.sort_by(&order);
        return;
    }
    let size = items.len().div_ceil(parts);
    let chunks: Vec<&mut [T]> = items.chunks_mut(size).collect();
    let order = &order;
    run(chunks.into_iter(), &|chunk: &mut [T]| chunk.sort_by(order));
    // Sorted runs of `size` merged two by two, each merge taking the earlier run's item
    // first among equals: a stable sort of the whole.
    let mut run_len = size;
    let mut merged = Vec::with_capacity(items.len());
    while run_len < items.len() {
        merged.clear();
        for pair in items.chunks(2 * run_len) {
            let (a, b) = pair.split_at(run_len.min(pair.len()));
            merge(a, b, order, &mut merged);
        }
        std::mem::swap(items, &mut merged);
        run_len *= 2;
    }
}

/// Appends the sorted runs `a` and `b` to `out` in order, `a`'s first among equals.
fn merge<T: Copy>(a: &[T], b: &[T], order: impl Fn(&T, &T) -> Ordering, out: &mut Vec<T>) {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if order(&b[j], &a[i]) == Ordering::Less {
            out.push(b[j]);
            j += 1;
        } else {
            out.push(a[i]);
            i += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
}

/// `f` of every item, in order; a long list's on every core, each part written in
/// place in the list returned.
pub fn map<'a, T: Sync, U: Send>(items: &'a [T], f: impl Fn(&'a T) -> U + Sync) -> Vec<U> {
    map_from(items, LONG, f)
}

fn map_from<'a, T: Sync, U: Send>(
    items: &'a [T],
    long: usize,
    f: impl Fn(&'a T) -> U + Sync,
) -> Vec<U> {
    let parts = parts_for(items.len(), long);
    if parts <= 1 {
        return items.iter().map(f).collect();
    }
    let size = items.len().div_ceil(parts);
    let mut out: Vec<U> = Vec::with_capacity(items.len());
    let room: &mut [MaybeUninit<U>] = &mut out.spare_capacity_mut()[..items.len()];
    run(items.chunks(size).zip(room.chunks_mut(size)), &|(
        part,
        room,
    )| {
        for (item, slot) in part.iter().zip(room) {
            slot.write(f(item));
        }
    });
    // SAFETY: the room and the items were cut into parts of the same size, so every
    // one of the first `items.len()` slots was written by its part, and `run` returns
    // only once every part is done (a part that panics never gets here: what was
    // written is then leaked, never read).
    unsafe { out.set_len(items.len()) };
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn parts_cover_the_list_in_order(n in 0usize..200, long in 1usize..50) {
            let items: Vec<usize> = (0..n).collect();
            let parts = in_parts_from(&items, long, |part| part.to_vec());
            proptest::prop_assert!(!parts.is_empty());
            proptest::prop_assert_eq!(parts.concat(), items);
        }

        #[test]
        fn a_map_in_parts_is_the_map_on_one_thread(n in 0usize..200, long in 1usize..50) {
            let items: Vec<usize> = (0..n).collect();
            let texts = map_from(&items, long, |x| format!("item {x}"));
            proptest::prop_assert_eq!(texts, items.iter().map(|x| format!("item {x}")).collect::<Vec<_>>());
        }
    }

    proptest::proptest! {
        #[test]
        fn ranges_cut_the_whole_in_order(n in 0usize..100, work in 0usize..300_000) {
            let r = ranges(n, work);
            proptest::prop_assert!(!r.is_empty());
            proptest::prop_assert_eq!(r[0].start, 0);
            proptest::prop_assert_eq!(r[r.len() - 1].end, n);
            proptest::prop_assert!(r.windows(2).all(|w| w[0].end == w[1].start && w[0].start < w[0].end));
            if work < LONG_WORK {
                proptest::prop_assert_eq!(r.len(), 1);
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn a_sort_in_parts_is_the_stable_sort(
            items in proptest::collection::vec((0u8..8, proptest::num::u16::ANY), 0..300),
            long in 1usize..40,
        ) {
            // Ordered by the first field only, so that the stable order of equals shows.
            let mut want = items.clone();
            want.sort_by_key(|x| x.0);
            let mut got = items.clone();
            split_from(long, || sort_by(&mut got, |a, b| a.0.cmp(&b.0)));
            proptest::prop_assert_eq!(got, want);
        }
    }

    #[test]
    fn each_item_is_done_in_order() {
        let items = ranges(10, LONG_WORK);
        let sums = each(&items, |r| r.clone().sum::<usize>());
        assert_eq!(sums.iter().sum::<usize>(), 45);
        assert_eq!(sums.len(), items.len());
        assert_eq!(each(&[1, 2, 3], |x| x * 10), vec![10, 20, 30]);
    }

    #[test]
    fn a_long_list_is_mapped_in_order() {
        let items: Vec<u32> = (0..3 * LONG as u32).collect();
        let doubled = map(&items, |x| 2 * x);
        assert_eq!(doubled, items.iter().map(|x| 2 * x).collect::<Vec<_>>());
    }

    #[test]
    fn work_left_to_the_calling_thread_comes_out_the_same() {
        let items: Vec<u32> = (0..3 * LONG as u32).collect();
        let work = ranges(10, LONG_WORK);
        let on_threads = (map(&items, |x| 2 * x), each(&work, |r| r.len()));
        let (here, without) = without_threads(|| {
            let here = std::thread::scope(|s| matches!(start(s, || 1), Started::Here(_)));
            (here, (map(&items, |x| 2 * x), each(&work, |r| r.len())))
        });
        assert!(here, "no thread is started while threads are refused");
        assert_eq!(without, on_threads);
        // Another thread meanwhile starts threads as usual.
        let elsewhere = without_threads(|| {
            std::thread::scope(|s| {
                s.spawn(|| std::thread::scope(|t| matches!(start(t, || 1), Started::Thread(_))))
                    .join()
                    .unwrap()
            })
        });
        assert!(elsewhere, "other threads are not refused");
        let started = std::thread::scope(|s| start(s, || 7).join());
        assert_eq!(started, 7);
    }

    #[test]
    #[should_panic(expected = "item 98300")]
    fn a_panic_in_a_part_reaches_the_caller() {
        // The last item, in a part of its own on a machine of two cores or more.
        let items: Vec<u32> = (0..3 * LONG as u32).collect();
        map(&items, |&x| assert!(x != 98_300, "item {x}"));
    }
}
