//! The program's allocator: mimalloc for the many small allocations, the system
//! allocator for blocks of 128 KiB or more.
//!
//! A federation's ranking makes tens of millions of small allocations (names, pairs,
//! result lists) on both cores; mimalloc hands them out several times faster than the
//! system allocator and keeps the threads from contending for it. But mimalloc keeps
//! memory it is given back for a while, to reuse it: the lists of a large field (48 MB
//! of table results for a million of them, released once their totals are added up)
//! stayed part of the process until it ended. The system allocator maps each large
//! block on its own and unmaps it when it is freed, and grows one in place. A block of
//! 2 MiB or more is asked for in transparent huge pages (see [`huge_pages`]).

use std::alloc::{GlobalAlloc, Layout, System};

/// From this size on a block comes from the system allocator.
const LARGE: usize = 128 << 10;

/// mimalloc for blocks under [`LARGE`], the system allocator from it on.
pub struct Allocator;

fn large(size: usize) -> bool {
    size >= LARGE
}

/// Whether a block of this alignment can come from `mi_malloc` itself: every block
/// mimalloc hands out is a whole number of words from a word-aligned start. (The
/// aligned entry, which the `mimalloc` crate always calls, checks each block's address
/// and takes a slower path for over a third of a ranking's blocks.)
fn word_aligned(align: usize) -> bool {
    align <= std::mem::size_of::<usize>()
}

// SAFETY: every block is given back to the allocator that made it: `dealloc` and
// `realloc` receive the layout the block was made with (the `GlobalAlloc` contract),
// and its size says which allocator that was. A block whose size crosses `LARGE` in
// `realloc` is made anew by the other one, copied and freed by its own. mimalloc's
// plain and aligned entries hand out blocks of the same heaps, which `mi_free` (the
// `mimalloc` crate's `dealloc`) and `mi_realloc` take back whichever made them.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout.
        unsafe {
            if large(layout.size()) {
                huge_pages(System.alloc(layout), layout.size())
            } else if word_aligned(layout.align()) {
                libmimalloc_sys::mi_malloc(layout.size()).cast()
            } else {
                mimalloc::MiMalloc.alloc(layout)
            }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout.
        unsafe {
            if large(layout.size()) {
                huge_pages(System.alloc_zeroed(layout), layout.size())
            } else {
                mimalloc::MiMalloc.alloc_zeroed(layout)
            }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the block was made by the allocator its size names.
        unsafe {
            if large(layout.size()) {
                System.dealloc(ptr, layout)
            } else {
                mimalloc::MiMalloc.dealloc(ptr, layout)
            }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as `alloc` and `dealloc`; the caller promises `new_size`, with the
        // block's alignment, makes a valid layout.
        unsafe {
            match (large(layout.size()), large(new_size)) {
                (true, true) => huge_pages(System.realloc(ptr, layout, new_size), new_size),
                (false, false) if word_aligned(layout.align()) => {
                    libmimalloc_sys::mi_realloc(ptr.cast(), new_size).cast()
                }
                (false, false) => mimalloc::MiMalloc.realloc(ptr, layout, new_size),
                _ => {
                    let new = Layout::from_size_align_unchecked(new_size, layout.align());
                    let block = self.alloc(new);
                    if !block.is_null() {
                        std::ptr::copy_nonoverlapping(ptr, block, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                    block
                }
            }
        }
    }
}

/// From this size on a block's memory is asked for in huge pages.
const HUGE: usize = 2 << 20;

/// The block at `ptr` of `size` bytes, its pages asked for as transparent huge pages
/// when it is [`HUGE`]: Linux then makes it resident 2 MiB at a time on first touch,
/// instead of one fault for each 4 KiB (a million results fill about 100 MB of fresh
/// lists, and a quarter of the run was those faults). Only the block's own pages are
/// advised; a system that keeps huge pages off ignores the advice.
#[inline]
fn huge_pages(ptr: *mut u8, size: usize) -> *mut u8 {
    #[cfg(target_os = "linux")]
    if size >= HUGE && !ptr.is_null() {
        const PAGE: usize = 4 << 10;
        let start = ptr as usize / PAGE * PAGE;
        let end = (ptr as usize + size).next_multiple_of(PAGE);
        // SAFETY: the range is the pages of a block just handed out, all mapped; the
        // advice changes how they are backed, never their contents.
        unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
    }
    ptr
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_blocks_have_their_alignment_and_keep_their_bytes() {
        let a = Allocator;
        let mut blocks = Vec::new();
        for align in [1, 2, 4, 8, 16, 32] {
            for size in (1..300).chain([4095, 4096, 70_000, LARGE - 1]) {
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: sizes are positive; each block is freed once with its layout.
                unsafe {
                    let p = a.alloc(layout);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0, "size {size}, alignment {align}");
                    p.write_bytes(size as u8, size);
                    let q = a.realloc(p, layout, size + 9);
                    assert_eq!(
                        q as usize % align,
                        0,
                        "grown: size {size}, alignment {align}"
                    );
                    assert!((0..size).all(|i| *q.add(i) == size as u8));
                    blocks.push((q, Layout::from_size_align(size + 9, align).unwrap()));
                }
            }
        }
        for (p, layout) in blocks {
            // SAFETY: made above with this layout, freed once.
            unsafe { a.dealloc(p, layout) };
        }
    }

    #[test]
    fn blocks_moving_across_the_threshold_keep_their_bytes() {
        let a = Allocator;
        for (from, to) in [
            (100, LARGE + 5),
            (LARGE + 5, 100),
            (LARGE, 3 * LARGE),
            (LARGE, HUGE + 5),
            (HUGE + 5, 3 * HUGE),
            (3 * HUGE, LARGE),
            (64, 4096),
        ] {
            let layout = Layout::from_size_align(from, 16).unwrap();
            // SAFETY: sizes are positive; each block is freed once with its layout.
            unsafe {
                let p = a.alloc(layout);
                assert!(!p.is_null());
                for i in 0..from {
                    *p.add(i) = (i % 251) as u8;
                }
                let q = a.realloc(p, layout, to);
                assert!(!q.is_null());
                assert_eq!(q as usize % 16, 0);
                for i in 0..from.min(to) {
                    assert_eq!(*q.add(i), (i % 251) as u8);
                }
                a.dealloc(q, Layout::from_size_align(to, 16).unwrap());
            }
        }
    }

    /// The flags Linux gives the mapping that holds `address` (`hg`: huge pages asked
    /// for), from `/proc/self/smaps`.
    #[cfg(target_os = "linux")]
    fn mapping_flags(address: usize) -> String {
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let mut inside = false;
        for line in smaps.lines() {
            if let Some(flags) = line.strip_prefix("VmFlags:") {
                if inside {
                    return flags.to_string();
                }
            } else if let Some((range, _)) = line.split_once(' ')
                && let Some((from, to)) = range.split_once('-')
                && let (Ok(from), Ok(to)) = (
                    usize::from_str_radix(from, 16),
                    usize::from_str_radix(to, 16),
                )
            {
                inside = (from..to).contains(&address);
            }
        }
        panic!("no mapping holds {address:#x}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn huge_blocks_ask_for_huge_pages() {
        if !std::path::Path::new("/sys/kernel/mm/transparent_hugepage").exists() {
            // A kernel built without huge pages refuses the advice; nothing to check.
            return;
        }
        let a = Allocator;
        let layout = Layout::from_size_align(3 * HUGE, 8).unwrap();
        // SAFETY: a positive size, freed once with its layout.
        unsafe {
            let p = a.alloc(layout);
            assert!(!p.is_null());
            let middle = p as usize + HUGE;
            assert!(mapping_flags(middle).split_whitespace().any(|f| f == "hg"));
            a.dealloc(p, layout);
        }
    }
}
