// The portable pieces (SeededRandom, the loopback HTTP store) live in ClientTestSupport, which
// the client's tests use alone; every other test target reaches them through TestSupport.
@_exported import ClientTestSupport
