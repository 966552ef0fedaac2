#!/usr/bin/env python3
"""Writes the legacy-charset fixtures: Fixtures/charset/legacy-names.json and
Fixtures/url/legacy.json.

The expected bytes (hex, percent-escapes) are computed here, once, with Python's own codecs
(gbk, gb18030, big5, cp932, euc_jp, euc_kr, cp949, windows-125x): never by the code under test.
The names are hand-written, real-looking download names (own). Re-running this script rewrites
both files identically. Run: python3 Scripts/generate-legacy-fixtures.py
"""
import json, os, platform

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SOURCE = f"own name; bytes by Python {platform.python_version()} codecs.encode('{{codec}}') (Scripts/generate-legacy-fixtures.py)"

HANS = """会议纪要.docx 季度报告.xlsx 年度总结.pptx 工作计划.doc 项目方案.pdf 合同范本.docx 财务报表.xlsx
员工手册.pdf 招聘简章.doc 产品说明书.pdf 用户协议.txt 安装指南.pdf 培训资料.zip 销售数据.csv 采购清单.xlsx
考勤记录.xls 个人简历.doc 申请表格.docx 会议通知.pdf 技术文档.md 设计稿件.psd 发票信息.pdf 报价单.xlsx
预算明细.xlsx 学习笔记.txt 毕业论文.docx 实验报告.pdf 课程表.xls 成绩单.pdf 通讯录.xlsx 营业执照.jpg
身份证复印件.pdf 租房合同.doc 旅游攻略.pdf 操作手册.chm 数据备份.rar 照片合集.zip 年终奖方案.docx
市场调研报告.pdf 部门周报.docx""".split()
HANT = """會議記錄.docx 季度報告.xlsx 年度總結.pptx 工作計畫.doc 專案企劃書.pdf 合約範本.docx 財務報表.xlsx
員工手冊.pdf 產品說明書.pdf 使用者協議.txt 安裝指南.pdf 教育訓練資料.zip 銷售數據.csv 採購清單.xlsx
個人履歷.doc 申請表格.docx 會議通知.pdf 技術文件.md 報價單.xlsx 預算明細.xlsx 學習筆記.txt 畢業論文.docx
實驗報告.pdf 課程表.xls 成績單.pdf 通訊錄.xlsx 營業登記.jpg 租屋契約.doc 旅遊行程.pdf 操作手冊.pdf""".split()
JA = """見積書.pdf 請求書.pdf 議事録.docx 報告書.docx 企画書.pptx 契約書.pdf 申込書.xlsx 履歴書.doc 納品書.pdf
領収書.pdf 取扱説明書.pdf 会議資料.pptx 週報まとめ.xlsx 売上データ.csv 社員名簿.xlsx 新しいフォルダ.zip
お知らせ.txt 日程表.xls 作業手順書.docx 仕様書.pdf 発注書.pdf 設計図面.dwg 写真まとめ.zip 提案資料.pptx
年賀状リスト.xlsx 決算報告.pdf 就業規則.pdf 給与明細.pdf 勤務表.xlsx 出張報告書.docx テスト結果.xlsx
マニュアル.pdf プレゼン資料.pptx 打ち合わせメモ.txt 注文確認.pdf""".split()
KO = """회의록.hwp 보고서.docx 견적서.pdf 계약서.hwp 사업계획서.pptx 이력서.doc 자기소개서.hwp 신청서.hwp
기획안.pptx 회의자료.pdf 월간보고.xlsx 주간업무.xlsx 영수증.jpg 세금계산서.pdf 사진모음.zip 공지사항.txt
일정표.xlsx 제품소개서.pdf 사용설명서.pdf 교육자료.pptx 출장보고서.hwp 인사발령.hwp 급여명세서.pdf
회사소개.pdf 결과보고서.hwp 참가신청서.hwp 설문조사.xlsx 연구계획서.hwp 발표자료.pptx 학습계획.hwp
거래명세서.xlsx 납품확인서.pdf 견적요청.txt 업무일지.xlsx""".split()
# Held out: written after the detector was tuned on the lists above, appended unchanged.
HANS += """产品目录.pdf 价格表.xlsx 入职登记表.docx 离职证明.doc 房屋租赁合同.pdf 车辆信息.xls 会员名单.xlsx 项目进度表.xlsx 活动策划方案.docx 年度预算.xlsx 质量检测报告.pdf 客户资料.xls 投标文件.zip 施工图纸.dwg 软件安装包.exe 工资条.xlsx 值班表.xls 新建文件夹.zip 图片素材.rar 视频教程.mp4""".split()
HANT += """產品目錄.pdf 價格表.xlsx 報名表.docx 離職證明.doc 房屋租賃契約.pdf 會員名單.xlsx 專案進度表.xlsx 活動企劃書.docx 客戶資料.xls 投標文件.zip 新增資料夾.zip 圖片素材.rar 影片教學.mp4 薪資單.xlsx 值班表.xls""".split()
JA += """製品カタログ.pdf 価格表.xlsx 入社手続き.docx 退職証明書.doc 賃貸契約書.pdf 会員名簿.xlsx 進捗管理表.xlsx 企画提案書.docx 顧客情報.xls 入札書類.zip 図面データ.dwg 給料明細.pdf 当番表.xls 画像素材.zip 動画マニュアル.mp4 議事メモ.txt""".split()
KO += """제품목록.pdf 가격표.xlsx 입사서류.docx 퇴직증명서.doc 임대차계약서.pdf 회원명단.xlsx 진행현황표.xlsx 행사기획안.docx 고객정보.xls 입찰서류.zip 도면자료.dwg 급여대장.xlsx 당직표.xls 사진자료.zip 동영상강의.mp4""".split()
# Western names in single-byte charsets: detection must still pick a single-byte reading.
WESTERN = [("Résumé.pdf", "cp1252", "windows-1252"), ("Ärztliche Bescheinigung.pdf", "cp1252", "windows-1252"),
           ("Отчёт за квартал.docx", "cp1251", "windows-1251"), ("Договор аренды.pdf", "cp1251", "windows-1251"),
           ("Größe.txt", "cp1252", "windows-1252"), ("Zażółć gęślą.txt", "cp1250", "windows-1250"),
           ("Ελληνικά.doc", "cp1253", "windows-1253"), ("İstanbul şehri.pdf", "cp1254", "windows-1254"),
           ("مرحبا.pdf", "cp1256", "windows-1256"), ("שלום.txt", "cp1255", "windows-1255")]

SETS = [("zh-hans", HANS, [("gbk", "GBK")]), ("zh-hant", HANT, [("big5", "Big5")]),
        ("ja", JA, [("cp932", "Shift_JIS"), ("euc_jp", "EUC-JP")]), ("ko", KO, [("euc_kr", "EUC-KR")])]

def pct(b):
    return "".join(chr(x) if (0x30 <= x <= 0x39 or 0x41 <= x <= 0x5A or 0x61 <= x <= 0x7A or x in b"-._~") else f"%{x:02X}" for x in b)

def main():
    names, urls = [], []
    n = 0
    for lang, words, codecs_ in SETS:
        for codec, charset in codecs_:
            for i, w in enumerate(words):
                b = w.encode(codec)
                src = SOURCE.format(codec=codec)
                cid = f"{lang}-{charset.lower()}-{i + 1:02d}"
                names.append({"id": cid, "source": src, "language": lang, "text": w, "charset": charset, "hex": b.hex()})
                host = ["files.example.com", "cdn.example.net", "download.example.org"][n % 3]
                n += 1
                detect = {"id": "detect-" + cid, "source": src, "url": f"https://{host}/d/{i}/{pct(b)}",
                          "detect": True, "filename": w, "charset": charset, "from": "path", "recovery": True}
                try:
                    b.decode("utf-8")
                    # Also valid UTF-8: read as UTF-8 by design, so counted as a miss of the recovery rate.
                    detect["valid_utf8"] = True
                except UnicodeDecodeError:
                    pass
                urls.append(detect)
                if i % 4 == 0:
                    label = {"GBK": "gbk", "Big5": "big5", "Shift_JIS": "shift_jis", "EUC-JP": "euc-jp", "EUC-KR": "euc-kr"}[charset]
                    urls.append({"id": "fallback-" + cid, "source": src, "url": f"https://{host}/files/{pct(b)}?v=2",
                                 "fallback": label, "filename": w, "charset": charset, "from": "path"})
                if i % 5 == 1:
                    # Without detection and without a fallback the escapes stay as they are.
                    urls.append({"id": "kept-" + cid, "source": src, "url": f"http://{host}/{pct(b)}",
                                 "filename": pct(b), "charset": None, "from": "path"})
    for i, (w, codec, charset) in enumerate(WESTERN):
        b = w.encode(codec)
        src = SOURCE.format(codec=codec)
        names.append({"id": f"western-{i + 1:02d}", "source": src, "language": None, "text": w, "charset": charset, "hex": b.hex()})
        urls.append({"id": f"fallback-western-{i + 1:02d}", "source": src, "url": f"https://example.com/{pct(b)}",
                     "fallback": charset, "filename": w, "charset": charset, "from": "path"})
    # GB18030: characters outside GBK take four bytes.
    for i, w in enumerate(["𠮷野家菜单.pdf", "藏文ༀ说明.txt", "€报价单.xlsx"]):
        b = w.encode("gb18030")
        src = SOURCE.format(codec="gb18030")
        urls.append({"id": f"fallback-gb18030-{i + 1:02d}", "source": src, "url": f"https://example.cn/{pct(b)}",
                     "fallback": "gb18030", "filename": w, "charset": "gb18030", "from": "path"})
    # CP949 (Unified Hangul Code) syllables outside KS X 1001, through the EUC-KR label.
    for i, w in enumerate(["똠양꿍 레시피.pdf", "뷁뷁 모음.zip"]):
        b = w.encode("cp949")
        src = SOURCE.format(codec="cp949")
        urls.append({"id": f"fallback-cp949-{i + 1:02d}", "source": src, "url": f"https://example.kr/{pct(b)}",
                     "fallback": "ks_c_5601-1987", "filename": w, "charset": "EUC-KR", "from": "path"})
    # A hint always beats a guess: the fallback charset, or a language preference.
    hints = [("hint-fallback-beats-detection", "會議記錄.docx", "big5", {"fallback": "gbk"}, "gbk", "GBK"),
             ("hint-language-ja", "考勤记录.xls", "gbk", {"language": "ja"}, "euc_jp", "EUC-JP"),
             ("hint-language-zh", "考勤记录.xls", "gbk", {"language": "zh-CN"}, "gbk", "GBK"),
             ("hint-language-zh-tw", "會議記錄.docx", "big5", {"language": "zh-TW"}, "big5", "Big5"),
             ("hint-language-ko", "회의록.hwp", "euc_kr", {"language": "ko"}, "euc_kr", "EUC-KR")]
    for cid, w, codec, extra, reader, charset in hints:
        b = w.encode(codec)
        case = {"id": cid, "source": f"own; bytes by Python codecs.encode('{codec}'), expected text by .decode('{reader}')",
                "url": f"https://example.com/{pct(b)}", "detect": True}
        case.update(extra)
        case.update({"filename": b.decode(reader), "charset": charset, "from": "path"})
        urls.append(case)
    header = ["Generated by Scripts/generate-legacy-fixtures.py; do not edit by hand."]
    with open(os.path.join(ROOT, "Fixtures/charset/legacy-names.json"), "w", encoding="utf-8") as f:
        json.dump(header + names, f, ensure_ascii=False, indent=1)
        f.write("\n")
    with open(os.path.join(ROOT, "Fixtures/url/legacy.json"), "w", encoding="utf-8") as f:
        json.dump(header + urls, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(len(names), "names,", len(urls), "url cases")

main()
