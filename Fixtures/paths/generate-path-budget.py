#!/usr/bin/env python3
"""Writes path-budget.json: PathBudget cases. Expected rooms are computed here from the documented
limits (Windows MAX_PATH 260 with its NUL, macOS PATH_MAX 1024, Linux PATH_MAX 4096), never by the code
under test. Run from this folder: python3 generate-path-budget.py"""
import json

MS = "Microsoft, Maximum Path Length Limitation (MAX_PATH 260, NUL included; \\\\?\\ paths 32,767)"
LX = "Linux limits.h PATH_MAX 4096 (NUL included), NAME_MAX 255"
MAC = "Apple sys/syslimits.h PATH_MAX 1024 (NUL included), NAME_MAX 255"
cases = []


def u16(s):
    return len(s.encode("utf-16-le")) // 2


def b8(s):
    return len(s.encode("utf-8"))


def case(id, source, directory, platform, room, **extra):
    c = {"id": id, "source": source, "directory": directory, "platform": platform, "room": room}
    c.update(extra)
    cases.append(c)


def noroom(id, source, directory, platform, **extra):
    c = {"id": id, "source": source, "directory": directory, "platform": platform, "error": "noRoom"}
    c.update(extra)
    cases.append(c)


case("linux-short", LX, "/home/u/dl", "linux", 255)
d = "/" + "d" * 3999
case("linux-deep", LX, d, "linux", 4095 - b8(d) - 1)
case("linux-trailing-slash", LX, "/tmp/", "linux", 255)
d = "/" + "d" * 4092
case("linux-one-unit-left", LX, d, "linux", 1)
noroom("linux-no-room", LX, "/" + "d" * 4093, "linux")
noroom("linux-no-room-with-slash", LX, "/" + "d" * 4093 + "/", "linux")
d = "/" + "/".join(["漢字" * 40] * 11)  # CJK, 3 bytes each
case("linux-cjk-bytes", LX + "; CJK ideographs are 3 bytes", d, "linux", min(255, 4095 - b8(d) - 1))
d = "/Users/" + "a" * 993
case("macos-deep", MAC, d, "macos", 1023 - b8(d) - 1)
d = "/Volumes/" + "é" * 490
case("macos-accents-bytes", MAC + "; é is 2 bytes", d, "macos", 1023 - b8(d) - 1)
noroom("macos-no-room", MAC, "/" + "m" * 1021, "macos")
d = "C:\\Users\\alice\\Downloads"
case("windows-downloads", MS, d, "windows", 259 - u16(d) - 1)
case("windows-root-trailing-backslash", MS, "C:\\", "windows", 255)
case("windows-forward-slash-end", MS, "C:/data/", "windows", 259 - u16("C:/data/"))
d = "D:\\資料\\" + "下載" * 100
case("windows-cjk-units", MS + "; CJK ideographs are 1 UTF-16 unit", d, "windows", 259 - u16(d) - 1)
d = "E:\\" + "\U0001F600" * 100
case("windows-emoji-surrogates", MS + "; an emoji beyond the BMP is 2 UTF-16 units", d, "windows",
     259 - u16(d) - 1)
d = "C:\\" + "w" * 254
case("windows-one-unit-left", MS, d, "windows", 1)
noroom("windows-no-room", MS, "C:\\" + "w" * 255, "windows")
d = "C:\\" + "w" * 300
case("windows-long-paths", MS, d, "windows", 255, long_paths=True)
d = "C:\\" + "w" * 32760
case("windows-long-paths-deep", MS, d, "windows", 32766 - u16(d) - 1, long_paths=True)
d = "/srv/" + "漢" * 60
case("portable-bytes-of-windows-limit", "own: portable takes Windows' 259 in UTF-8 bytes", d, "portable",
     259 - b8(d) - 1)
case("name-max-lower", "eCryptfs: NAME_MAX 143 for encrypted names; own", "/home/u/Private", "linux", 143,
     name_max=143)
case("name-max-above-platform", "own: NAME_MAX is at most the platform's 255", "/mnt/x", "linux", 255,
     name_max=1530)
cases.append({"id": "empty-directory", "source": "own", "directory": "", "platform": "linux",
              "error": "emptyDirectory"})
# Names fitted to the room.
d = "C:\\Users\\alice\\" + "p" * 188  # 203 units + "\" -> room 55
case("windows-name-fitted", MS, d, "windows", 55, name="x" * 100 + ".pdf", expected="x" * 51 + ".pdf")
d = "/" + "d" * 4053  # 4054 + "/" -> room 40
case("linux-name-fitted-cjk", LX, d, "linux", 40, name="漢" * 50 + ".txt", expected="漢" * 12 + ".txt")
case("linux-template-fitted", LX, d, "linux", 40, template="{title} [{id!}].{ext}",
     fields={"title": "t" * 100, "id": "abc", "ext": "mp4"}, expected="t" * 30 + " [abc].mp4")
case("windows-reserve-on-room", MS + "; room kept for .part", "C:\\Users\\alice\\" + "p" * 188, "windows", 55,
     name="x" * 100 + ".pdf", reserve=5, expected="x" * 46 + ".pdf")

# A Windows volume mounted on Linux: Windows' MAX_PATH on the path Windows shows (X:\ and the directory
# below the mount point), and Linux's PATH_MAX on the whole path (a UTF-16 unit is at most 3 bytes).
FAT = "Microsoft FAT and exFAT: 255 UTF-16 units a name, MAX_PATH on the volume's own path; " + LX
case("fat-stick-volume-path", FAT, "/media/usb/Music", "linux", 259 - len("X:\\Music") - 1, file_system="vfat",
     mount_point="/media/usb", volume_directory="X:\\Music")
case("fat-stick-root", FAT, "/media/usb", "linux", 255, file_system="vfat", mount_point="/media/usb",
     volume_directory="X:\\")
d = "/media/" + "s" * 300
case("fat-stick-deep-mount-point", FAT + ": a long mount point does not count on Windows", d + "/Music", "linux",
     259 - len("X:\\Music") - 1, file_system="exfat", mount_point=d, volume_directory="X:\\Music")
mnt = "/m" + "m" * 3499
d = mnt + "/" + "d" * 10
case("fat-stick-host-bytes-bind", FAT + ": 3 bytes a UTF-16 unit within the host's PATH_MAX", d, "linux",
     min(259 - len("X:\\" + "d" * 10) - 1, (4095 - len(d) - 1) // 3), file_system="vfat", mount_point=mnt,
     volume_directory="X:\\" + "d" * 10)
case("fat-stick-linux-rules-asked", "own: rules asked for are counted on the directory as given", "/media/usb/Music",
     "linux", 255, file_system="vfat", mount_point="/media/usb", rules="linux")
case("ext4-own-rules", LX, "/home/u/dl", "linux", 255, file_system="ext4", mount_point="/")

with open("path-budget.json", "w", encoding="utf-8") as f:
    f.write("[\n")
    f.write(json.dumps("Generated by generate-path-budget.py (edit there): PathBudget, the room a name has in a "
                       "directory within the platform's path limit and NAME_MAX; rooms computed from the "
                       "documented limits") + ",\n")
    f.write(",\n".join(json.dumps(c, ensure_ascii=False) for c in cases))
    f.write("\n]\n")
