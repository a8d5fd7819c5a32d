# Temporary exploration (never committed): ETAGE_DEV_TPK = tiles per transpose team and
# ETAGE_DEV_SPK = blocks per 2D stencil team, each with a league of ceil(tiles / k); 0 keeps
# the rule of 0140144 (persistent transpose teams; stencil league_for).
p='./algorithms/include/etage/algorithms/transpose.hpp'
s=open(p).read()
old='''    std::int64_t const r = team.league_rank();
    std::int64_t const count = (num_tiles - r + league - 1) / league;  // tiles r, r + L, ... < num_tiles
    auto const self = *this;'''
new='''    std::int64_t const r = team.league_rank();
    std::int64_t const count = per_team > 0 ? std::min<std::int64_t>(per_team, num_tiles - r * per_team)
                                            : (num_tiles - r + league - 1) / league;  // tiles r, r + L, ... < num_tiles
    auto const self = *this;'''
assert old in s; s=s.replace(old,new)
s=s.replace('''TileOrigin const c = origin(r + std::int64_t(t) * league);''','''TileOrigin const c = origin(tile_of(r, t));''')
s=s.replace('''operand(a, [=](int t) { return self.origin(r + std::int64_t(t) * self.league); }));''','''operand(a, [=](int t) { return self.origin(self.tile_of(r, t)); }));''')
old='''  /// Origin in A of tile g (see the numbering above).'''
new='''  std::int64_t per_team = 0;
  ETAGE_FORCEINLINE_FUNCTION std::int64_t tile_of(std::int64_t r, int t) const {
    return per_team > 0 ? r * per_team + t : r + std::int64_t(t) * league;
  }
  /// Origin in A of tile g (see the numbering above).'''
assert old in s; s=s.replace(old,new)
old='''    std::int64_t const league = streaming_league<Policy, Kernel>(space, tiles_m * tiles_n, team_size, scratch);'''
new='''    char const* dev = std::getenv("ETAGE_DEV_TPK");
    std::int64_t const tpk = dev ? std::atoll(dev) : 0;
    std::int64_t const league = tpk > 0 ? (tiles_m * tiles_n + tpk - 1) / tpk : streaming_league<Policy, Kernel>(space, tiles_m * tiles_n, team_size, scratch);'''
assert old in s; s=s.replace(old,new)
s=s.replace('''league, vector_store};''','''league, vector_store, tpk};''')
s=s.replace('#include <cstdint>','#include <cstdint>\n#include <cstdlib>',1)
open(p,'w').write(s)

p='./algorithms/include/etage/algorithms/stencil.hpp'
s=open(p).read()
old='''    std::int64_t const league = league_for(space, blocks, tile_loop_team_size<Engine>(Tile::threads));
    auto launch'''
new='''    char const* dev = std::getenv("ETAGE_DEV_SPK");
    std::int64_t const spk = dev ? std::atoll(dev) : 0;
    std::int64_t const league = spk > 0 ? (blocks + spk - 1) / spk : league_for(space, blocks, tile_loop_team_size<Engine>(Tile::threads));
    auto launch'''
assert old in s; s=s.replace(old,new)
s=s.replace('#include <cstdint>','#include <cstdint>\n#include <cstdlib>',1)
open(p,'w').write(s)
