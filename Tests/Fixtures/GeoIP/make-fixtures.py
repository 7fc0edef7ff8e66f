#!/usr/bin/env python3
"""Writes the GeoIP test databases with PyPI's mmdb-writer and records what Debian's mmdblookup
(libmaxminddb) answers for each test address, in mmdblookup.json: the table the reader's tests
compare with. Run from this folder after `pip install mmdb-writer` and `apt-get install mmdb-bin`:

    python3 make-fixtures.py
"""
import json, subprocess
import mmdb_writer
from mmdb_writer import MMDBWriter, MmdbU16, MmdbU32, MmdbU64, MmdbU128, MmdbI32, MmdbF32, MmdbF64
from netaddr import IPSet

NAMES = {"DE": "Germany", "GB": "United Kingdom", "FR": "France", "CN": "China", "SE": "Sweden", "AU": "Australia", "US": "United States"}


def country(code, registered=None, with_country=True):
    """A record laid out as GeoLite2-Country's: continent, country, registered_country."""
    record = {"continent": {"code": "EU", "geoname_id": MmdbU32(6255148), "names": {"en": "Europe"}}}
    if with_country:
        record["country"] = {"geoname_id": MmdbU32(2921044), "iso_code": code, "names": {"en": NAMES[code], "de": NAMES[code]}}
    record["registered_country"] = {"geoname_id": MmdbU32(2921044), "iso_code": registered or code, "names": {"en": NAMES[registered or code]}}
    return record


NETWORKS = [
    (["46.4.0.0/16"], country("DE")),
    (["81.2.69.0/24"], country("GB")),
    (["193.51.0.0/16"], country("FR")),
    (["175.16.199.0/24"], country("CN")),
    (["89.160.20.112/28"], country("SE")),
    # An address whose record has no country, only the network's registered country.
    (["1.128.0.0/11"], country("AU", with_country=False)),
    # A narrower network inside a wider one: the narrower decides.
    (["46.4.10.0/24"], country("US")),
]
NETWORKS_V6 = [
    (["2a01:4f8::/32"], country("DE")),
    (["2001:67c:2e8::/48"], country("GB")),
]
ADDRESSES_V4 = ["46.4.1.1", "46.4.10.20", "46.5.0.1", "81.2.69.160", "193.51.8.2", "175.16.199.1", "89.160.20.113", "89.160.20.128",
                "1.128.0.1", "1.160.0.1", "127.0.0.1", "0.0.0.0", "255.255.255.255", "10.0.0.1"]
ADDRESSES_V6 = ["2a01:4f8:1::1", "2a01:4f9::1", "2001:67c:2e8:22::c100:68b", "2001:db8::1", "::1", "::ffff:46.4.1.1", "::46.4.1.1"]


class FixedRecordSizeWriter(mmdb_writer.TreeWriter):
    """mmdb-writer's tree writer with a record size chosen, so small files cover 28 and 32 bits too."""
    forced = 24

    def _adjust_record_size(self):
        super()._adjust_record_size()
        self.record_size = self.forced
        self.data_offset = self.record_size * 2 / 8 * self._node_counter


def write(name, ip_version, record_size, networks):
    writer = MMDBWriter(ip_version=ip_version, database_type="GeoLite2-Country", languages=["en", "de"],
                        description={"en": "swift-deeplink test data", "de": "swift-deeplink Testdaten"}, ipv4_compatible=ip_version == 6)
    for cidrs, record in networks:
        writer.insert_network(IPSet(cidrs), record)
    FixedRecordSizeWriter.forced = record_size
    original = mmdb_writer.TreeWriter
    mmdb_writer.TreeWriter = FixedRecordSizeWriter
    try:
        writer.to_db_file(name)
    finally:
        mmdb_writer.TreeWriter = original


def lookup(path, address):
    """What mmdblookup answers for the address's country.iso_code, else registered_country.iso_code."""
    for path_in_record in (["country", "iso_code"], ["registered_country", "iso_code"]):
        result = subprocess.run(["mmdblookup", "--file", path, "--ip", address, *path_in_record], capture_output=True, text=True)
        for line in result.stdout.splitlines():
            line = line.strip()
            if line.startswith('"') and "<utf8_string>" in line:
                return line.split('"')[1]
    return None


def main():
    files = {
        "country-v6-24.mmdb": (6, 24, NETWORKS + NETWORKS_V6),
        "country-v4-28.mmdb": (4, 28, NETWORKS),
        "country-v6-32.mmdb": (6, 32, NETWORKS + NETWORKS_V6),
    }
    table = {"source": subprocess.run(["mmdblookup", "--version"], capture_output=True, text=True).stdout.strip()
             or "mmdblookup (libmaxminddb, Debian mmdb-bin)", "files": {}}
    for name, (ip_version, record_size, networks) in files.items():
        write(name, ip_version, record_size, networks)
        addresses = ADDRESSES_V4 + (ADDRESSES_V6 if ip_version == 6 else [])
        table["files"][name] = {"recordSize": record_size, "ipVersion": ip_version,
                                "answers": {address: lookup(name, address) for address in addresses}}

    # Every data type, and strings long enough for each size encoding (1, 2 and 3 extra bytes).
    writer = MMDBWriter(ip_version=4, database_type="swift-deeplink-types", ipv4_compatible=False)
    writer.insert_network(IPSet(["10.0.0.0/8"]), {
        "u16": MmdbU16(65535), "u32": MmdbU32(4294967295), "u64": MmdbU64(18446744073709551615), "u128": MmdbU128(2**128 - 1),
        "i32": MmdbI32(-2147483648), "f32": MmdbF32(1.5), "f64": MmdbF64(-0.25), "true": True, "false": False, "bytes": b"\x00\x01\xff",
        "array": [MmdbU16(1), "two", {"three": MmdbU16(3)}], "empty": {}, "short": "x" * 28, "medium": "y" * 200, "long": "z" * 70000,
        "unicode": "Zürich 東京",
    })
    writer.to_db_file("types.mmdb")
    types = subprocess.run(["mmdblookup", "--file", "types.mmdb", "--ip", "10.1.2.3", "u64"], capture_output=True, text=True).stdout
    table["types"] = {"u64": types.split()[0] if types.split() else None}
    with open("mmdblookup.json", "w") as out:
        json.dump(table, out, indent=2, sort_keys=True)
        out.write("\n")


main()
