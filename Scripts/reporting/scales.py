"""Axis scales: value -> pixel, and where the ticks go."""

import math


class LogScale:
    """Base-10 log scale. By default the domain is widened to whole decades so
    ticks land on the ends; with `padding` it is widened by that factor instead
    (for a few points spread over decades, such as node counts)."""

    def __init__(self, low, high, start, end, padding=None):
        low = max(low, 1e-12)
        high = max(high, low * 1.01)
        if padding:
            self.low, self.high = low / padding, high * padding
        else:
            self.low = 10 ** math.floor(math.log10(low))
            self.high = 10 ** math.ceil(math.log10(high))
            if self.high <= self.low:
                self.high = self.low * 10
        self.start, self.end = start, end

    def __call__(self, value):
        value = min(max(value, self.low), self.high)
        span = math.log10(self.high) - math.log10(self.low)
        share = (math.log10(value) - math.log10(self.low)) / span
        return self.start + share * (self.end - self.start)

    def contains(self, value):
        return self.low * 0.999 <= value <= self.high * 1.001

    def ticks(self):
        first = math.floor(math.log10(self.low))
        last = math.ceil(math.log10(self.high))
        decades = [t for t in (10.0 ** e for e in range(first, last + 1)) if self.contains(t)]
        # A padded domain inside one decade would have an unlabelled axis: label its ends.
        return decades if len(decades) >= 2 else sorted(set(decades) | {self.low, self.high})

    def minor_ticks(self):
        """2x..9x of each decade: the gridlines that make a log axis readable."""
        first = math.floor(math.log10(self.low))
        last = math.ceil(math.log10(self.high))
        minors = [10.0 ** e * m for e in range(first, last) for m in range(2, 10)]
        return [t for t in minors if self.contains(t)]


class LinearScale:
    """Linear scale from 0; the top is rounded up to a 1-2-5 step."""

    def __init__(self, high, start, end, count=5):
        raw = max(high, 1e-12) / count
        magnitude = 10 ** math.floor(math.log10(raw))
        self.step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
        self.high = self.step * math.ceil(high / self.step)
        self.start, self.end = start, end

    def __call__(self, value):
        return self.start + (value / self.high) * (self.end - self.start)

    def ticks(self):
        count = round(self.high / self.step)
        return [i * self.step for i in range(count + 1)]
