//! Places in a list ranked best first: entries that rank equal share one.

/// A place in a list ranked best first (a season ranking, IMP standings, a teams
/// event's standings): entries that rank equal share the place of the first of them
/// (`1=`, `1=`, `3`); their order in the list (by id, say) decides nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The place, from 1.
    pub rank: u32,
    /// Whether another entry shares it.
    pub tied: bool,
}

/// The places of a list of `n` entries ranked best first, where `same(i)` (for `i` from
/// 1) tells whether entry `i` ranks equal with entry `i - 1`.
pub fn shared_places(n: usize, same: impl Fn(usize) -> bool) -> Vec<Place> {
    let mut places: Vec<Place> = Vec::with_capacity(n);
    for i in 0..n {
        let place = match places.last_mut() {
            Some(before) if same(i) => {
                before.tied = true;
                *before
            }
            _ => Place {
                rank: u32::try_from(i + 1).unwrap_or(u32::MAX),
                tied: false,
            },
        };
        places.push(place);
    }
    places
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_entries_share_their_place() {
        let values = [90, 80, 80, 70, 70, 70, 60];
        let places = shared_places(values.len(), |i| values[i] == values[i - 1]);
        let shown: Vec<(u32, bool)> = places.iter().map(|p| (p.rank, p.tied)).collect();
        assert_eq!(
            shown,
            [
                (1, false),
                (2, true),
                (2, true),
                (4, true),
                (4, true),
                (4, true),
                (7, false)
            ]
        );
        assert!(shared_places(0, |_| true).is_empty());
        let all = shared_places(3, |_| true);
        assert!(all.iter().all(|p| p.rank == 1 && p.tied));
    }
}
